/**
 * SQL of requests (spec §3 Request): the API records a request as `new`; the dispatcher
 * (dispatcher.ts) claims it and hands it to whoever carries it out, and its status advances from
 * there. The same request id never actuates twice: a caller that repeats a request id gets the
 * existing request back (findRequest), and a request is claimed only once.
 */
import {
  isCommandAdvanced,
  isOpenRequestStatus,
  OPEN_REQUEST_STATUSES,
  requestStatusFromCommands,
  type RequestAction,
  type RequestStatus,
  type RequestType,
} from '@paddock/domain';
import { and, asc, desc, eq, exists, inArray, isNotNull, or } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { fieldCommands, radios, requests } from '../db/schema.ts';

export type RequestRow = typeof requests.$inferSelect;

/** The target's requests: a type and a target id name one (requests_target_idx leads with them). */
function onTarget(type: RequestType, targetId: number) {
  return and(eq(requests.type, type), eq(requests.targetId, targetId));
}

/** Requests the field has not finished with (new, pending, inProgress). */
const stillOpen = inArray(requests.status, [...OPEN_REQUEST_STATUSES]);

export async function createRequest(
  db: Database,
  input: {
    action: RequestAction;
    type: RequestType;
    targetId: number;
    siteId: number;
    requestedBy: number | null;
    payload?: Record<string, unknown>;
    now: Date;
  },
): Promise<RequestRow> {
  const [row] = await db
    .insert(requests)
    .values({
      action: input.action,
      type: input.type,
      targetId: input.targetId,
      siteId: input.siteId,
      status: 'new',
      payload: input.payload ?? {},
      requestedBy: input.requestedBy,
      createdAt: input.now,
    })
    .returning();
  if (!row) throw new Error('request insert returned nothing');
  return row;
}

/** An earlier request on the same target, when a client follows one up by its id. */
export async function findRequest(
  db: Database,
  type: RequestType,
  targetId: number,
  requestId: number,
): Promise<RequestRow | null> {
  const [row] = await db
    .select()
    .from(requests)
    .where(and(eq(requests.id, requestId), onTarget(type, targetId)));
  return row ?? null;
}

/** A request by its id alone, e.g. the one a job names. */
export async function requestById(db: Database, requestId: number): Promise<RequestRow | null> {
  const [row] = await db.select().from(requests).where(eq(requests.id, requestId));
  return row ?? null;
}

/** The target's requests, newest first; served by requests_target_idx (type, target_id, id). */
export function latestRequests(
  db: Database,
  type: RequestType,
  targetId: number,
  limit: number,
): Promise<RequestRow[]> {
  return db
    .select()
    .from(requests)
    .where(onTarget(type, targetId))
    .orderBy(desc(requests.id))
    .limit(limit);
}

/** The newest request of this action on the target that the field has not finished with. */
export async function findOpenRequest(
  db: Database,
  type: RequestType,
  targetId: number,
  action: RequestAction,
): Promise<{ id: number } | null> {
  const [row] = await db
    .select({ id: requests.id })
    .from(requests)
    .where(and(onTarget(type, targetId), eq(requests.action, action), stillOpen))
    .orderBy(desc(requests.id))
    .limit(1);
  return row ?? null;
}

/** The target's requests the field has not finished with, oldest first. */
export function openRequests(
  db: Database,
  type: RequestType,
  targetId: number,
): Promise<RequestRow[]> {
  return db
    .select()
    .from(requests)
    .where(and(onTarget(type, targetId), stillOpen))
    .orderBy(asc(requests.id));
}

/**
 * Sets a request's status. Only a request still open (new, pending, inProgress) moves: a final
 * status (done, failed, cancelled) stays. Answers whether it moved.
 */
export async function setRequestStatus(
  db: Database,
  requestId: number,
  status: RequestStatus,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(requests)
    .set({ status, updatedAt: now })
    .where(and(eq(requests.id, requestId), stillOpen))
    .returning({ id: requests.id });
  return rows.length > 0;
}

/**
 * Moves control and radio requests on from their commands (the domain's
 * requestStatusFromCommands); program requests are the runner's. Called in the transaction that
 * changed the commands, so the request and its commands never disagree.
 */
export async function advanceRequestsFromCommands(db: Database, requestIds: number[], now: Date) {
  // Ascending order: two sweeps locking the same requests cannot deadlock.
  for (const requestId of [...new Set(requestIds)].sort((a, b) => a - b)) {
    const [request] = await db
      .select({ type: requests.type, status: requests.status })
      .from(requests)
      .where(eq(requests.id, requestId))
      .for('update');
    if (!request || !isCommandAdvanced(request.type)) continue;
    if (!isOpenRequestStatus(request.status)) continue;
    const commands = await db
      .select({ status: fieldCommands.status })
      .from(fieldCommands)
      .where(eq(fieldCommands.requestId, requestId));
    const next = requestStatusFromCommands(commands.map((command) => command.status));
    if (next && next !== request.status) {
      await db
        .update(requests)
        .set({ status: next, updatedAt: now })
        .where(eq(requests.id, requestId));
    }
  }
}

/** A kind of request a dispatcher carries out: a type and those of its actions it has handlers for. */
export type HandledRequestKind = { type: RequestType; actions: RequestAction[] };

/**
 * The dispatcher's claim: up to `limit` new requests of the kinds given, oldest first, moved to
 * pending in one conditional UPDATE; rows another process holds are skipped (SKIP LOCKED), so a
 * request is claimed once. Answers the claimed rows. The kinds' filter is built once here, as the
 * dispatcher claims several times a second.
 */
export function newRequestClaimer(
  kinds: HandledRequestKind[],
): (db: Database, now: Date, limit: number) => Promise<RequestRow[]> {
  const handled = kinds.map(({ type, actions }) =>
    and(eq(requests.type, type), inArray(requests.action, actions)),
  );
  return async (db, now, limit) => {
    const waiting = db
      .select({ id: requests.id })
      .from(requests)
      .where(and(eq(requests.status, 'new'), or(...handled)))
      .orderBy(asc(requests.id))
      .limit(limit)
      .for('update', { skipLocked: true });
    return db
      .update(requests)
      .set({ status: 'pending', updatedAt: now })
      .where(and(inArray(requests.id, waiting), eq(requests.status, 'new')))
      .returning();
  };
}

/**
 * Whether a command of the request is sent to a LoRaWAN radio and not yet taken by the device:
 * it waits at the network server for the class A device's next uplink (issue 32).
 */
export async function requestWaitsForDevice(db: Database, requestId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: fieldCommands.id })
    .from(fieldCommands)
    .where(
      and(
        eq(fieldCommands.requestId, requestId),
        eq(fieldCommands.status, 'sent'),
        exists(
          db
            .select({ id: radios.id })
            .from(radios)
            .where(
              and(
                eq(radios.siteId, fieldCommands.siteId),
                eq(radios.serialno, fieldCommands.serialno),
                isNotNull(radios.devEui),
              ),
            ),
        ),
      ),
    )
    .limit(1);
  return row !== undefined;
}
