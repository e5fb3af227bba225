/**
 * What the flow watch reads besides the zones' and meters' settings (resources/flow-supervision):
 * a meter's new flow readings, the area's program with the zones its run has under way, the
 * controls a shut-off commands, and the site's time zone for the words.
 */
import { FLOW_METER_METRIC, siteTimeZone } from '@paddock/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { queryRows, type Database } from '../db/client.ts';
import { areas, controls, sites } from '../db/schema.ts';
import { controlDevices } from '../field/control-device.repository.ts';

/** The most readings of one meter judged in one followup: a backlog past it is judged next time. */
const READINGS_PER_ROUND = 1000;

/** A meter's flow readings (m³/h) after `after` and up to `to`, oldest first. */
export async function flowReadingsAfter(
  db: Database,
  sensorId: number,
  after: Date,
  to: Date,
): Promise<{ time: number; value: number }[]> {
  const rows = await queryRows<{ time: Date | string; value: number }>(
    db,
    sql`select r.time, r.value
        from series se
        join readings r on r.series_id = se.id
        where se.thing_type = 'sensor' and se.thing_id = ${sensorId}
          and se.metric = ${FLOW_METER_METRIC}
          and r.time > ${after.toISOString()} and r.time <= ${to.toISOString()}
        order by r.time
        limit ${READINGS_PER_ROUND}`,
  );
  return rows.map((row) => ({ time: new Date(row.time).getTime(), value: Number(row.value) }));
}

/**
 * The area's program (one per area, §3), with whether its run is live and the zones the run has
 * under way (in a cycle, soaking or waiting for a repeat); null when the area has no program.
 */
export async function areaProgramRun(
  db: Database,
  areaId: number,
): Promise<{ programId: number; live: boolean; zonesUnderWay: number[] } | null> {
  const [row] = await queryRows<{ id: number; activity: string | null; zones: number[] | null }>(
    db,
    sql`select p.id, r.state->>'activity' as activity,
          (select array_agg((z->>'id')::integer)
             from jsonb_array_elements(r.state->'zones') z
            where z->>'phase' in ('cycle', 'soaking', 'repeatWait')) as zones
        from programs p
        left join program_runs r on r.program_id = p.id
        where p.area_id = ${areaId}
        order by p.id
        limit 1`,
  );
  if (!row) return null;
  return {
    programId: Number(row.id),
    live: row.activity !== null && row.activity !== 'stopped',
    zonesUnderWay: (row.zones ?? []).map(Number),
  };
}

/** The area's pumps, with where their commands go. */
export async function areaPumps(db: Database, areaId: number) {
  return controlDevices(db, and(eq(controls.areaId, areaId), eq(controls.type, 'pump')));
}

/** The valves of these zones, with where their commands go. */
export async function zoneValves(db: Database, sectionIds: readonly number[]) {
  if (sectionIds.length === 0) return [];
  return controlDevices(
    db,
    and(
      inArray(controls.sectionId, [...sectionIds]),
      inArray(controls.type, ['valve', 'valveAddon']),
    ),
  );
}

/** The time zone of the area's site, for the time in a sentence. */
export async function areaTimeZone(db: Database, areaId: number): Promise<string> {
  const [row] = await db
    .select({ config: sites.config, tags: sites.tags })
    .from(areas)
    .innerJoin(sites, eq(sites.id, areas.siteId))
    .where(eq(areas.id, areaId));
  return siteTimeZone(row?.config ?? null, row?.tags.country);
}
