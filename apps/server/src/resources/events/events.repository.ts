/** The event log of an area, filtered, and its open count. */
import { EVENTS_LIMIT, type EventFilterBody } from '@paddock/domain';
import { and, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client.ts';
import { events } from '../../db/schema.ts';
import type { EventRow } from './event.presenter.ts';

/**
 * Open events of the whole area, whatever the filter: the count the Irrigation tab shows (§1). A
 * scalar subquery not correlated with any row: beside a list's rows it is counted once.
 */
const openEventCount = (areaId: number) =>
  sql<number>`(select count(*)::int from ${events} o where o.area_id = ${areaId} and o.open)`;

/**
 * Newest first (by time, then id), which is also newest first per target. The time window is
 * inclusive at both ends; an empty types or targets list matches nothing. With them, the area's
 * open count (countOpenEvents): it rides on the rows, so a list that finds events costs one
 * statement, and only a filter that finds none asks for the count alone.
 */
export async function findEvents(
  db: Database,
  areaId: number,
  filter: EventFilterBody,
): Promise<{ rows: EventRow[]; open: number }> {
  const conditions: SQL[] = [eq(events.areaId, areaId)];
  if (filter.from !== undefined) conditions.push(gte(events.createdAt, new Date(filter.from)));
  if (filter.to !== undefined) conditions.push(lte(events.createdAt, new Date(filter.to)));
  if (filter.types !== undefined) conditions.push(inArray(events.type, filter.types));
  if (filter.targets !== undefined) conditions.push(inArray(events.targetId, filter.targets));
  if (filter.targetType !== undefined) conditions.push(eq(events.targetType, filter.targetType));
  if (filter.open !== undefined) conditions.push(eq(events.open, filter.open));
  const found = await db
    .select({ event: events, open: openEventCount(areaId) })
    .from(events)
    .where(and(...conditions))
    .orderBy(desc(events.createdAt), desc(events.id))
    .limit(EVENTS_LIMIT);
  return {
    rows: found.map((row) => row.event),
    open: found[0]?.open ?? (await countOpenEvents(db, areaId)),
  };
}

/** The area's open count alone. */
export async function countOpenEvents(db: Database, areaId: number): Promise<number> {
  const [row] = await queryRows<{ open: number }>(
    db,
    sql`select ${openEventCount(areaId)} as open`,
  );
  return row?.open ?? 0;
}

/**
 * Closes open events of the area (the ids given, or all), recording who and when; ids of other
 * areas or already closed are left alone. Returns how many it closed.
 */
export async function acknowledgeEvents(
  db: Database,
  areaId: number,
  ids: number[] | 'all',
  input: { by: string; at: Date },
): Promise<number> {
  if (ids !== 'all' && ids.length === 0) return 0;
  const rows = await db
    .update(events)
    .set({ open: false, acknowledgedAt: input.at, acknowledgedBy: input.by })
    .where(
      and(
        eq(events.areaId, areaId),
        eq(events.open, true),
        ids === 'all' ? undefined : inArray(events.id, ids),
      ),
    )
    .returning({ id: events.id });
  return rows.length;
}
