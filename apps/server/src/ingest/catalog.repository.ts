/**
 * The catalog's SQL (catalog.ts keeps what it reads in the process): radios and units by serial
 * number, the sensors and controls wired to them, and series ids, created on first report.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../db/client.ts';
import type { WantedSeries } from './plan.ts';

/** Radios and units with these serial numbers (two rows for one naming both). */
export async function devicesBySerialno(db: Database, serialnos: string[]) {
  return queryRows<{
    kind: 'radio' | 'unit';
    id: number;
    site_id: number;
    serialno: string;
  }>(
    db,
    sql`
      select 'radio' as kind, id, site_id, serialno from radios where serialno = any(${sql.param(serialnos)}::text[])
      union all
      select 'unit' as kind, id, site_id, serialno from units where serialno = any(${sql.param(serialnos)}::text[])
    `,
  );
}

/** The sensors and controls wired to these radios or units. */
export async function thingsOfDevices(db: Database, radioIds: number[], unitIds: number[]) {
  return queryRows<{
    type: 'sensor' | 'control';
    id: number;
    radio_id: number | null;
    unit_id: number | null;
  }>(
    db,
    sql`
      select 'sensor' as type, id, radio_id, unit_id from sensors
        where radio_id = any(${sql.param(radioIds)}::int[]) or unit_id = any(${sql.param(unitIds)}::int[])
      union all
      select 'control' as type, id, radio_id, unit_id from controls
        where radio_id = any(${sql.param(radioIds)}::int[]) or unit_id = any(${sql.param(unitIds)}::int[])
    `,
  );
}

/**
 * The ids of the series, creating those that do not exist yet. The insert and the select see
 * the same snapshot: one another process is creating right now shows up in neither.
 */
export async function findOrCreateSeries(
  db: Database,
  missing: readonly WantedSeries[],
): Promise<{ id: number; thing_type: WantedSeries['type']; thing_id: number; metric: string }[]> {
  return queryRows(
    db,
    sql`
    with wanted as (
      select * from unnest(
        ${sql.param(missing.map((m) => m.siteId))}::int[],
        ${sql.param(missing.map((m) => m.type))}::text[],
        ${sql.param(missing.map((m) => m.id))}::int[],
        ${sql.param(missing.map((m) => m.metric))}::text[]
      ) as w(site_id, thing_type, thing_id, metric)
    ),
    created as (
      insert into series (site_id, thing_type, thing_id, metric)
      select site_id, thing_type, thing_id, metric from wanted
      on conflict (thing_type, thing_id, metric) do nothing
      returning id, thing_type, thing_id, metric
    )
    select id, thing_type, thing_id, metric from created
    union all
    select s.id, s.thing_type, s.thing_id, s.metric
      from series s join wanted w using (thing_type, thing_id, metric)
  `,
  );
}
