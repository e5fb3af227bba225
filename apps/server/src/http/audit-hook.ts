/**
 * Every change on the record (issue 33 item 1): after a mutating call of the contract succeeded,
 * and before its answer goes out, one audit row names who (and whom they acted as under Switch
 * User), from which address, the object the permission check resolved (http/touched.ts; none for
 * calls on the caller's own account, which go to the account-level chain) and what was sent,
 * secrets written as "changed". A refused call writes nothing, except a failed sign-in, whose row
 * keeps the login typed and the address.
 *
 * The row is written after the change's own transaction, not inside it: the handlers open their
 * own transactions, and on the embedded database a transaction that waited on another connection
 * would hang. A crash between the two loses the row; writing it in the change's transaction is
 * what remains of item 1. `before` is null for now: reading the object before an edit is a later
 * slice (a fan's start temperature from 1.5 °C to 0.5 °C).
 */
import { redactSecrets, type EndpointSpec } from '@paddock/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { appendAudit } from '../audit/audit.repository.ts';
import { signedInUser, touchedObject } from './touched.ts';

/** Calls whose refusal is itself on the record: a failed sign-in, with the login typed. */
const AUDITED_REFUSALS = new Set(['POST /user/login']);
/**
 * The refusals of those that are a failed attempt: a wrong login or password (401) and one the
 * throttle turned away (429). A body refused as invalid (400) is no attempt, and is not kept: it
 * may hold what the database cannot (a NUL byte).
 */
const FAILED_ATTEMPT = new Set([401, 429]);

/** The operation's name in the log: its method and contract path. */
const operationOf = (endpoint: EndpointSpec): string => `${endpoint.method} ${endpoint.path}`;

/** The onSend hook of a mutating call; undefined for reads, which change nothing. */
export function auditHook(app: FastifyInstance, endpoint: EndpointSpec) {
  if (endpoint.method === 'GET') return undefined;
  const operation = operationOf(endpoint);
  return async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const succeeded = reply.statusCode >= 200 && reply.statusCode < 300;
    const failedAttempt = AUDITED_REFUSALS.has(operation) && FAILED_ATTEMPT.has(reply.statusCode);
    if (!succeeded && !failedAttempt) return payload;
    const touched = touchedObject(request);
    const auth = request.auth;
    const signedIn = signedInUser(request);
    await appendAudit(app.ctx.db, {
      time: app.ctx.clock.now(),
      siteId: touched?.siteId ?? null,
      // Under Switch User the session's user is the one acted as; the staff member is the actor.
      // A sign-in names whom it signed in; Switch User's own call, whom the caller now acts as.
      actorId: auth ? (auth.actorUserId ?? auth.userId) : signedIn,
      actingAsId: auth ? (auth.actorUserId === null ? signedIn : auth.userId) : null,
      address: request.ip,
      areaId: touched?.areaId ?? null,
      kind: touched?.kind ?? null,
      targetId: touched?.id ?? null,
      operation,
      before: null,
      after: redactSecrets(request.body ?? null),
      text: succeeded ? endpoint.summary : `Refused (${reply.statusCode}): ${endpoint.summary}`,
    });
    return payload;
  };
}
