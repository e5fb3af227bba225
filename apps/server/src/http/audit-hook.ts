/**
 * Every change on the record (issue 33 item 1): after a mutating call of the contract succeeded,
 * and before its answer goes out, one audit row names who (and whom they acted as under Switch
 * User), from which address, what the change was about (the object the permission check resolved,
 * http/touched.ts, or the subject its handler noted: an alarm rule's fan), the fields sent and
 * what those fields held before (noted by the handler that loaded the object), secrets written as
 * "changed", and all of it in words, with the names as they are now (domain audit/words.ts). A
 * call on the caller's own account names no object and goes to the account-level chain. A refused
 * call writes nothing, except a failed sign-in, whose row keeps the login typed and the address.
 * A machine's call the contract marks `audited: false` (a network server's uplinks) writes none.
 *
 * The row is written with the change: the first transaction the call's handler opens stages it
 * there (audit-staging.ts, audit_pending), so the two are kept or lost together, and the hook
 * chains it once the answer is ready, or takes it back if the call failed after all. Staging
 * takes no lock; only chaining takes the site's chain lock, in a short transaction of its own, so
 * no change's transaction waits on the site's other writers. A call that opens no transaction
 * (one statement), and a sign-in, has its row appended by the hook.
 */
import { auditText, beforeOfSent, redactSecrets, type EndpointSpec } from '@paddock/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { objectName, personNames } from '../audit/audit-words.repository.ts';
import {
  appendAudit,
  chainStaged,
  stageAudit,
  unstageAudit,
  type AuditEntry,
} from '../audit/audit.repository.ts';
import type { Database } from '../db/client.ts';
import { endStaging, runStaging } from './audit-staging.ts';
import { auditSubject, objectBefore, signedInUser, touchedObject } from './touched.ts';

/** Calls whose refusal is itself on the record: a failed sign-in, with the login typed. */
const AUDITED_REFUSALS = new Set(['POST /user/login']);
/**
 * The refusals of those that are a failed attempt: a wrong login or password (401) and one the
 * throttle turned away (429). A body refused as invalid (400) is no attempt, and is not kept: it
 * may hold what the database cannot (a NUL byte).
 */
const FAILED_ATTEMPT = new Set([401, 429]);

/** A call whose answer is a 2xx made its change. */
const succeededWith = (status: number): boolean => status >= 200 && status < 300;

/** The operation's name in the log: its method and contract path. */
const operationOf = (endpoint: EndpointSpec): string => `${endpoint.method} ${endpoint.path}`;

/**
 * A mutating call's handler, run so that the first transaction it opens stages the call's row
 * (audit-staging.ts): the row is written with the change it tells. A call that opens none (one
 * statement) has its row written by the hook after its answer is ready.
 */
export function auditedHandler<H extends (request: FastifyRequest, reply: FastifyReply) => unknown>(
  app: FastifyInstance,
  endpoint: EndpointSpec,
  handler: H,
): H {
  // A sign-in's refusal is on the record too, and its handler writes (the throttle) before it
  // knows: its row is always the hook's.
  if (
    endpoint.method === 'GET' ||
    endpoint.audited === false ||
    AUDITED_REFUSALS.has(operationOf(endpoint))
  ) {
    return handler;
  }
  return ((request: FastifyRequest, reply: FastifyReply) =>
    runStaging(
      request,
      async (tx) =>
        // Staged before the answer: as a success, taken back by the hook if the call fails.
        stageAudit(tx, await auditEntryOf(tx, app.ctx.clock.now(), endpoint, request, 200)),
      () => handler(request, reply),
    )) as H;
}

/**
 * The onSend hook of a mutating call; undefined for reads, which change nothing, and for a
 * machine's call the contract leaves off the record.
 */
export function auditHook(app: FastifyInstance, endpoint: EndpointSpec) {
  if (endpoint.method === 'GET' || endpoint.audited === false) return undefined;
  const operation = operationOf(endpoint);
  return async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const { db } = app.ctx;
    const succeeded = succeededWith(reply.statusCode);
    const staged = endStaging(request);
    if (staged !== null) {
      // Written with the change: chained now if the call succeeded, taken back if it did not.
      if (succeeded) await chainStaged(db, touchedObject(request)?.siteId ?? null);
      else await unstageAudit(db, staged);
      return payload;
    }
    const failedAttempt = AUDITED_REFUSALS.has(operation) && FAILED_ATTEMPT.has(reply.statusCode);
    if (!succeeded && !failedAttempt) return payload;
    const now = app.ctx.clock.now();
    await appendAudit(db, await auditEntryOf(db, now, endpoint, request, reply.statusCode));
    return payload;
  };
}

/** The call's row: who, on what, the fields before and after, and all of it in words. */
async function auditEntryOf(
  db: Database,
  time: Date,
  endpoint: EndpointSpec,
  request: FastifyRequest,
  status: number,
): Promise<AuditEntry> {
  const operation = operationOf(endpoint);
  const touched = touchedObject(request);
  const subject = auditSubject(request) ?? touched;
  const auth = request.auth;
  const signedIn = signedInUser(request);
  // Under Switch User the session's user is the one acted as; the staff member is the actor.
  // A sign-in names whom it signed in; Switch User's own call, whom the caller now acts as.
  const actorId = auth ? (auth.actorUserId ?? auth.userId) : signedIn;
  const actingAsId = auth ? (auth.actorUserId === null ? signedIn : auth.userId) : null;
  const after = redactSecrets(request.body ?? null);
  const noted = objectBefore(request);
  const before = redactSecrets(beforeOfSent(noted, after));
  const [names, object] = await Promise.all([
    personNames(db, [actorId, actingAsId]),
    subject && 'label' in subject ? subject.label : subject && nameOf(db, subject, noted),
  ]);
  const nameOrNull = (id: number | null) => (id === null ? null : (names.get(id) ?? null));
  return {
    time,
    siteId: touched?.siteId ?? null,
    actorId,
    actingAsId,
    address: request.ip,
    areaId: touched?.areaId ?? null,
    kind: subject?.kind ?? null,
    targetId: subject?.id ?? null,
    operation,
    before,
    after,
    text: auditText({
      actor: nameOrNull(actorId),
      actingAs: nameOrNull(actingAsId),
      operation,
      summary: endpoint.summary,
      object: object ?? null,
      before,
      after,
      ...(succeededWith(status) ? {} : { refusedWith: status, login: loginTyped(request.body) }),
    }),
  };
}

/**
 * The object's name as it was before the change (a rename is told under the old name, a deleted
 * object under its last), else as it is now.
 */
async function nameOf(
  db: Database,
  object: { kind: string; id: number },
  before: unknown,
): Promise<string | null> {
  if (typeof before === 'object' && before !== null) {
    const { label, name } = before as { label?: unknown; name?: unknown };
    if (typeof label === 'string') return label;
    if (typeof name === 'string') return name;
  }
  return objectName(db, object.kind, object.id);
}

/** The login a sign-in typed, for the words of a failed one. */
const loginTyped = (body: unknown): string =>
  typeof body === 'object' && body !== null && typeof (body as { user?: unknown }).user === 'string'
    ? (body as { user: string }).user
    : '';
