/**
 * The SQL of frost fans started and stopped from the console (issue 31): a fan's requests with
 * who asked, the fan row locked while a request is recorded or settled, the requests whose
 * outcome is still to be written, and the fan's events (its "Fan failed to start" alarm is
 * frost-watch/frost-alarm.repository.ts's).
 */
import { fanRequestOutcomeSchema, personName, type FanRequestOutcome } from '@paddock/domain';
import { and, desc, eq, gte, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../db/client.ts';
import { events, fieldCommands, requests, sensors, users } from '../db/schema.ts';
import type { RequestRow } from '../requests/request.repository.ts';

/** What a fan request records beside the request (requests.payload). */
export const fanRequestPayloadSchema = z.object({
  override: z.boolean().default(false),
  /** The refusals the override went past, in words. */
  overridden: z.array(z.string()).default([]),
  /** The canopy (°C) and wind (km/h) the start was judged by. */
  canopy: z.number().nullable().default(null),
  wind: z.number().nullable().default(null),
  outcome: fanRequestOutcomeSchema.nullable().default(null),
  /** The outcome is written and its event recorded: the start check is done with it. */
  settled: z.boolean().default(false),
});
export type FanRequestPayload = z.infer<typeof fanRequestPayloadSchema>;

export type FanRequestRow = RequestRow & { requestedByName: string | null };

const withName = {
  request: requests,
  firstName: users.firstName,
  lastName: users.lastName,
};

function named(row: {
  request: RequestRow;
  firstName: string | null;
  lastName: string | null;
}): FanRequestRow {
  const name = personName(row);
  return { ...row.request, requestedByName: name === '' ? null : name };
}

/** The fan's requests, newest first. */
export async function fanRequestRows(db: Database, fanId: number, limit: number) {
  const rows = await db
    .select(withName)
    .from(requests)
    .leftJoin(users, eq(users.id, requests.requestedBy))
    .where(and(eq(requests.type, 'fan'), eq(requests.targetId, fanId)))
    .orderBy(desc(requests.id))
    .limit(limit);
  return rows.map(named);
}

/** One request of the fan; null when it is not one of the fan's. */
export async function fanRequestRow(db: Database, fanId: number, requestId: number) {
  const [row] = await db
    .select(withName)
    .from(requests)
    .leftJoin(users, eq(users.id, requests.requestedBy))
    .where(and(eq(requests.id, requestId), eq(requests.type, 'fan'), eq(requests.targetId, fanId)));
  return row ? named(row) : null;
}

/** The fan's area, site, label and topics; null when the sensor is gone or has no area. */
export async function fanRow(db: Database, fanId: number) {
  const [row] = await db
    .select({
      areaId: sensors.areaId,
      siteId: sensors.siteId,
      label: sensors.label,
      topics: sensors.topics,
    })
    .from(sensors)
    .where(eq(sensors.id, fanId));
  return row && row.areaId !== null ? { ...row, areaId: row.areaId } : null;
}

/** A user's name as the event log writes it. */
export async function userName(db: Database, userId: number): Promise<string> {
  const [row] = await db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, userId));
  return row ? personName(row) : `user ${userId}`;
}

/**
 * Locks the fan's row for the rest of the transaction: the requests of one fan are recorded and
 * settled one at a time, so a double click sends one start and two processes settle a start once.
 */
export async function lockFan(tx: Database, fanId: number) {
  await tx.select({ id: sensors.id }).from(sensors).where(eq(sensors.id, fanId)).for('update');
}

/** Fan requests asked since `since` whose outcome the start check has still to write. */
export function unsettledFanRequests(db: Database, since: Date): Promise<RequestRow[]> {
  return db
    .select()
    .from(requests)
    .where(
      and(
        eq(requests.type, 'fan'),
        ne(requests.status, 'cancelled'),
        gte(requests.createdAt, since),
        sql`coalesce((${requests.payload}->>'settled')::boolean, false) = false`,
      ),
    )
    .orderBy(requests.id);
}

/**
 * Writes a request's outcome and marks it settled, once: false when another process settled it
 * first (or it was cancelled meanwhile), and then the caller records nothing.
 */
export async function settleFanRequest(
  tx: Database,
  requestId: number,
  outcome: FanRequestOutcome | null,
  now: Date,
): Promise<boolean> {
  const rows = await tx
    .update(requests)
    .set({
      payload: sql`${requests.payload} || ${JSON.stringify({ settled: true, outcome })}::jsonb`,
      updatedAt: now,
    })
    .where(
      and(
        eq(requests.id, requestId),
        ne(requests.status, 'cancelled'),
        sql`coalesce((${requests.payload}->>'settled')::boolean, false) = false`,
      ),
    )
    .returning({ id: requests.id });
  return rows.length > 0;
}

/** Why the request's command failed, as the device said (or that it timed out). */
export async function commandFailure(db: Database, requestId: number): Promise<string | null> {
  const [row] = await db
    .select({ status: fieldCommands.status, reason: fieldCommands.reason })
    .from(fieldCommands)
    .where(eq(fieldCommands.requestId, requestId))
    .orderBy(desc(fieldCommands.sentAt))
    .limit(1);
  if (!row) return null;
  if (row.status === 'timedOut') return 'the controller did not answer';
  return row.status === 'failed' ? (row.reason ?? 'failed') : null;
}

/** One entry of the fan's event log (events on the sensor, in its area). */
export async function recordFanEvent(
  db: Database,
  event: { areaId: number; fanId: number; type: 'info' | 'warning' | 'error'; message: string },
  now: Date,
) {
  await db.insert(events).values({
    areaId: event.areaId,
    type: event.type,
    targetType: 'sensor',
    targetId: event.fanId,
    message: event.message,
    open: false,
    createdAt: now,
  });
}
