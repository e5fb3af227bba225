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

/**
 * What a change is about when that is not the object its path names: an alarm's rule on a fan is
 * the fan's start temperature, and belongs in the fan's history. Its label names it in the row's
 * words. The site and area stay those the permission check found.
 */
export type AuditSubject = { kind: string; id: number; label: string };

const subjectOf = new WeakMap<FastifyRequest, AuditSubject>();

export function noteSubject(request: FastifyRequest, subject: AuditSubject): void {
  subjectOf.set(request, subject);
}

export function auditSubject(request: FastifyRequest): AuditSubject | null {
  return subjectOf.get(request) ?? null;
}

/**
 * The object as it was before the change, in the shape its update body has (the presented object,
 * which PUT bodies mirror), noted by the handler that loaded it: the audit row keeps the fields the
 * body sent, before and after ("from 1.5 °C to 0.5 °C").
 */
const beforeOf = new WeakMap<FastifyRequest, unknown>();

export function noteBefore(request: FastifyRequest, before: unknown): void {
  if (!beforeOf.has(request)) beforeOf.set(request, before);
}

export function objectBefore(request: FastifyRequest): unknown {
  return beforeOf.get(request) ?? null;
}

const signedInBy = new WeakMap<FastifyRequest, number>();

export function noteSignedIn(request: FastifyRequest, userId: number): void {
  signedInBy.set(request, userId);
}

export function signedInUser(request: FastifyRequest): number | null {
  return signedInBy.get(request) ?? null;
}
