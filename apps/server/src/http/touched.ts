/**
 * The object a request touched, noted by the permission check that resolved it (requireObject,
 * requireSite) and read by the audit log's hook (http/audit-hook.ts) after the answer is ready:
 * the check is the one place that knows every object's site and area. A sign-in notes whom it
 * signed in, since its call carries no token to name the caller.
 */
import type { FastifyRequest } from 'fastify';

export type TouchedObject = {
  kind: string;
  id: number;
  siteId: number;
  areaId: number | null;
};

const touchedBy = new WeakMap<FastifyRequest, TouchedObject>();

/** Notes the object; the first one a request checks is the one its path names, and is kept. */
export function noteTouched(request: FastifyRequest, touched: TouchedObject): void {
  if (!touchedBy.has(request)) touchedBy.set(request, touched);
}

export function touchedObject(request: FastifyRequest): TouchedObject | null {
  return touchedBy.get(request) ?? null;
}

const signedInBy = new WeakMap<FastifyRequest, number>();

export function noteSignedIn(request: FastifyRequest, userId: number): void {
  signedInBy.set(request, userId);
}

export function signedInUser(request: FastifyRequest): number | null {
  return signedInBy.get(request) ?? null;
}
