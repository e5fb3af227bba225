/**
 * The devices a bench publishes for: one soil probe on every radio (of the given sites, or of all),
 * each with its site and the serial number it publishes under.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../src/db/client.ts';

export type ProbeRow = { site_id: number; serialno: string; sensor_id: number };

export function insertProbes(db: Database, siteIds?: number[]): Promise<ProbeRow[]> {
  const ofSites = siteIds ? sql`where site_id = any(${sql.param(siteIds)}::int[])` : sql``;
  return queryRows<ProbeRow>(
    db,
    sql`
    with probes as (
      insert into sensors (site_id, area_id, type, radio_id, unit_id, tags, topics, label, serialno)
      select site_id, area_id, 'soilMoisture', id, unit_id, '{}'::jsonb, '[]'::jsonb,
             'Probe ' || serialno, 'P-' || serialno
      from radios ${ofSites}
      returning id, radio_id
    )
    select r.site_id, r.serialno, p.id as sensor_id from probes p join radios r on r.id = p.radio_id
    order by r.id`,
  );
}
