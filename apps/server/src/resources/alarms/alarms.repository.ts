/** SQL of alarms: an area's alarms, one of them, their writes, and the site's notification ids. */
import type { AlarmRuleInput } from '@paddock/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { insertAlarm as insertAlarmRow } from '../../alarms/alarm.repository.ts';
import { alarmStates, alarms, contactNotifications, contacts } from '../../db/schema.ts';
import type { AlarmRow } from './alarm.presenter.ts';

export type AlarmChanges = Partial<typeof alarms.$inferInsert>;

export function listAlarmsOfArea(db: Database, areaId: number): Promise<AlarmRow[]> {
  return db.select().from(alarms).where(eq(alarms.areaId, areaId)).orderBy(asc(alarms.id));
}

/** The alarm, only when it is one of the area's. */
export async function findAlarmOfArea(
  db: Database,
  areaId: number,
  id: number,
): Promise<AlarmRow | null> {
  const [row] = await db
    .select()
    .from(alarms)
    .where(and(eq(alarms.id, id), eq(alarms.areaId, areaId)));
  return row ?? null;
}

/** A new alarm from the console, in a transaction of its own. */
export function insertAlarm(
  db: Database,
  values: {
    areaId: number;
    siteId: number;
    active: boolean;
    rule: AlarmRuleInput;
    notifications: number[];
  },
): Promise<AlarmRow> {
  return db.transaction((tx) => insertAlarmRow(tx, values));
}

export async function updateAlarm(
  db: Database,
  id: number,
  changes: AlarmChanges,
): Promise<AlarmRow | null> {
  const [row] = await db.update(alarms).set(changes).where(eq(alarms.id, id)).returning();
  return row ?? null;
}

export async function deleteAlarm(db: Database, id: number): Promise<void> {
  await db.delete(alarms).where(eq(alarms.id, id));
}

/** Which of the ids are contact notifications of the site. */
export async function findSiteNotificationIds(
  db: Database,
  siteId: number,
  ids: readonly number[],
): Promise<Set<number>> {
  const rows = await db
    .select({ id: contactNotifications.id })
    .from(contactNotifications)
    .innerJoin(contacts, eq(contacts.id, contactNotifications.contactId))
    .where(and(inArray(contactNotifications.id, [...ids]), eq(contacts.siteId, siteId)));
  return new Set(rows.map((row) => row.id));
}

/** The state rows of these alarms, by alarm id. */
export async function findAlarmStates(
  db: Database,
  ids: number[],
): Promise<Map<number, typeof alarmStates.$inferSelect>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(alarmStates).where(inArray(alarmStates.alarmId, ids));
  return new Map(rows.map((row) => [row.alarmId, row]));
}
