/**
 * The alarm message outbox (alarm_notifications) as the outbox and the sender (sender.ts) write
 * it: messages queued by a transition, claimed with a lease, recorded sent, due again or failed,
 * with the contact tests they carry; and what a message reads of its alarm before it goes out.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { queryRows, type Database } from '../db/client.ts';
import { alarmNotifications, alarmStates, alarms, areas, contactTests } from '../db/schema.ts';

export type AlarmMessageRow = typeof alarmNotifications.$inferSelect;

/** Queues messages in the outbox. */
export async function insertAlarmMessages(
  tx: Database,
  rows: (typeof alarmNotifications.$inferInsert)[],
) {
  await tx.insert(alarmNotifications).values(rows);
}

/**
 * Locks up to `limit` pending messages due by `now`, oldest due first, skipping those another
 * worker holds (FOR UPDATE SKIP LOCKED), in the claim's transaction.
 */
export async function lockDueMessages(tx: Database, now: Date, limit: number) {
  return queryRows<{ id: number }>(
    tx,
    sql`select id from alarm_notifications
          where status = 'pending' and due_at <= ${now.toISOString()}::timestamptz
          order by due_at, id limit ${limit} for update skip locked`,
  );
}

/** Leases the messages until `until`, counting the attempt; returns them as claimed. */
export async function leaseMessages(
  tx: Database,
  ids: number[],
  until: Date,
): Promise<AlarmMessageRow[]> {
  return tx
    .update(alarmNotifications)
    .set({
      dueAt: until,
      attempts: sql`${alarmNotifications.attempts} + 1`,
    })
    .where(inArray(alarmNotifications.id, ids))
    .returning();
}

/** Contact tests not yet started are in progress once their message is claimed. */
export async function startContactTests(tx: Database, tests: number[]) {
  await tx
    .update(contactTests)
    .set({ status: 'inProgress' })
    .where(and(inArray(contactTests.id, tests), eq(contactTests.status, 'new')));
}

/** The state of the message's alarm (with its area's snooze); undefined when the alarm is gone. */
export async function alarmStateOfMessage(db: Database, alarmId: number) {
  const [state] = await db
    .select({
      status: alarmStates.status,
      episode: alarmStates.episode,
      by: alarmStates.acknowledgedBy,
      snoozed: areas.snoozed,
    })
    .from(alarmStates)
    .innerJoin(alarms, eq(alarms.id, alarmStates.alarmId))
    .innerJoin(areas, eq(areas.id, alarms.areaId))
    .where(eq(alarmStates.alarmId, alarmId));
  return state;
}

/** The alarm's label and its area's; undefined when the alarm is gone. */
export async function alarmLabelsOf(db: Database, alarmId: number) {
  const [alarm] = await db
    .select({ label: alarms.label, area: areas.label })
    .from(alarms)
    .innerJoin(areas, eq(areas.id, alarms.areaId))
    .where(eq(alarms.id, alarmId));
  return alarm;
}

/** The message is not sent, with the reason. */
export async function recordMessageSuppressed(db: Database, id: number, reason: string) {
  await db
    .update(alarmNotifications)
    .set({ status: 'suppressed', reason })
    .where(eq(alarmNotifications.id, id));
}

/** The messages went out as one, with the provider's id and the text sent. */
export async function recordMessagesSent(
  db: Database,
  ids: number[],
  sent: { sentAt: Date; providerId: string; subject: string; text: string },
) {
  await db
    .update(alarmNotifications)
    .set({ status: 'sent', ...sent, reason: null })
    .where(inArray(alarmNotifications.id, ids));
}

/** The messages did not go out: failed for good, or due again later (`set`). */
export async function recordMessagesNotSent(
  db: Database,
  ids: number[],
  set:
    | { status: 'failed'; reason: string; subject: string; text: string }
    | { reason: string; dueAt: Date },
) {
  await db.update(alarmNotifications).set(set).where(inArray(alarmNotifications.id, ids));
}

export async function finishContactTests(db: Database, tests: number[]) {
  await db.update(contactTests).set({ status: 'done' }).where(inArray(contactTests.id, tests));
}

export async function failContactTests(db: Database, tests: number[], error: string) {
  await db
    .update(contactTests)
    .set({ status: 'failed', error })
    .where(inArray(contactTests.id, tests));
}
