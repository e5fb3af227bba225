/**
 * The SQL of device health (overdue.ts): the overdue flags of radios and units, each set or
 * cleared by a conditional UPDATE (so only one process records a device's transition), their
 * events in the areas, and the areas' health judged from their devices.
 */
import {
  BATTERY_VOLTAGE_THRESHOLD_V,
  RADIO_MISSES_THRESHOLD,
  SIGNAL_STRENGTH_THRESHOLD_DBM,
} from '@paddock/domain';
import { and, eq, inArray, like, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { events, radios, units } from '../db/schema.ts';

/**
 * What marks an overdue event: the events table has no kind column, so one is recognised by its
 * target and this in its message (the demo farm's seeded overdue events read the same way).
 */
export const OVERDUE_MARK = ' overdue: ';

/** The newest report a device may have given and still be on time, per its interval. */
function dueSince(
  interval: typeof radios.reportIntervalSeconds | typeof units.reportIntervalSeconds,
  now: Date,
  grace: number,
) {
  return sql`${now.toISOString()}::timestamptz - make_interval(secs => ${interval} * ${grace}::float8)`;
}

/**
 * Area health (§3 Area status, hasFaults) from its devices, the one rule for it (the demo seed
 * uses it too): fault when a radio or unit of the area is overdue, a radio faulted or a control
 * has faults; warning when a radio has a low battery, a weak signal or too many misses; otherwise
 * normal (an area never judged keeps null, which reads as normal).
 */
export async function refreshAreaHealth(db: Database, areaIds: number[]): Promise<void> {
  const ids = [...new Set(areaIds)];
  if (ids.length === 0) return;
  await db.execute(sql`
    update areas set has_faults = health.faulty, status = health.status
    from (
      select id, faulty,
        case when faulty then 'fault' when warning then 'warning'
             when status is null then null else 'normal' end as status
      from (
        select a.id, a.status,
          exists (select 1 from radios r where r.area_id = a.id and (r.overdue or r.fault))
            or exists (select 1 from units u where a.id = any(u.area_ids) and u.overdue)
            or exists (select 1 from controls c where c.area_id = a.id
                       and coalesce((c.application->>'hasFaults')::boolean, false)) as faulty,
          exists (select 1 from radios r where r.area_id = a.id and not r.overdue and not r.fault
                  and (r.battery_value < ${BATTERY_VOLTAGE_THRESHOLD_V}::float8
                       or r.signal_value < ${SIGNAL_STRENGTH_THRESHOLD_DBM}::float8
                       or r.misses_value > ${RADIO_MISSES_THRESHOLD}::float8)) as warning
        from areas a where a.id in ${ids}
      ) judged
    ) health
    where areas.id = health.id
      and (areas.has_faults is distinct from health.faulty
           or areas.status is distinct from health.status)`);
}

/** Flags the radios past their due time; returns them. */
export async function flagLateRadios(tx: Database, now: Date, grace: number) {
  return tx
    .update(radios)
    .set({ overdue: true })
    .where(
      and(
        eq(radios.overdue, false),
        sql`${radios.lastUpdate} < ${dueSince(radios.reportIntervalSeconds, now, grace)}`,
      ),
    )
    .returning();
}

/** Flags the units past their due time; returns them. */
export async function flagLateUnits(tx: Database, now: Date, grace: number) {
  return tx
    .update(units)
    .set({ overdue: true })
    .where(
      and(
        eq(units.overdue, false),
        sql`${units.lastUpdate} < ${dueSince(units.reportIntervalSeconds, now, grace)}`,
      ),
    )
    .returning();
}

/** Clears the flag of the radios on time again; returns them. */
export async function clearRecoveredRadios(tx: Database, now: Date, grace: number) {
  return tx
    .update(radios)
    .set({ overdue: false })
    .where(
      and(
        eq(radios.overdue, true),
        sql`${radios.lastUpdate} >= ${dueSince(radios.reportIntervalSeconds, now, grace)}`,
      ),
    )
    .returning();
}

/** Clears the flag of the units on time again; returns them. */
export async function clearRecoveredUnits(tx: Database, now: Date, grace: number) {
  return tx
    .update(units)
    .set({ overdue: false })
    .where(
      and(
        eq(units.overdue, true),
        sql`${units.lastUpdate} >= ${dueSince(units.reportIntervalSeconds, now, grace)}`,
      ),
    )
    .returning();
}

/** Closes the open overdue events of these radios or units: they report again. */
export async function closeOverdueEvents(
  tx: Database,
  targetType: 'radio' | 'unit',
  ids: number[],
) {
  if (ids.length === 0) return;
  await tx
    .update(events)
    .set({ open: false })
    .where(
      and(
        eq(events.open, true),
        eq(events.targetType, targetType),
        inArray(events.targetId, ids),
        like(events.message, `%${OVERDUE_MARK}%`),
      ),
    );
}

/** Records the sweep's events. */
export async function recordEvents(tx: Database, rows: (typeof events.$inferInsert)[]) {
  await tx.insert(events).values(rows);
}
