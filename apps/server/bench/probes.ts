/**
 * The devices a bench publishes for: one soil probe on every radio (of the given sites, or of all),
 * each with its site and the serial number it publishes under.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../src/db/client.ts';

export type ProbeRow = { site_id: number; serialno: string; sensor_id: number };

/**
 * Gives every radio of the sites (all, when none are given) its soil probe, unless it has one
 * already (a database `npm run bench:hundred-million` seeded), and lists the probes.
 */
export async function insertProbes(db: Database, siteIds?: number[]): Promise<ProbeRow[]> {
  const ofSites = siteIds ? sql`r.site_id = any(${sql.param(siteIds)}::int[])` : sql`true`;
  await db.execute(sql`
    insert into sensors (site_id, area_id, type, radio_id, unit_id, tags, topics, label, serialno)
    select r.site_id, r.area_id, 'soilMoisture', r.id, r.unit_id, '{}'::jsonb, '[]'::jsonb,
           'Probe ' || r.serialno, 'P-' || r.serialno
    from radios r
    where ${ofSites}
      and not exists (select 1 from sensors s where s.radio_id = r.id and s.serialno = 'P-' || r.serialno)`);
  // The probes change what the sensors table holds (hundreds of sensors at sites that had none);
  // a running farm's statistics follow such a change (autovacuum analyzes a table once a tenth
  // of it has changed). Left stale, they tell the planner a probe site has no sensors, and it
  // then plans the site summary afresh for every call instead of reusing one plan.
  await db.execute(sql`analyze sensors`);
  return queryRows<ProbeRow>(
    db,
    sql`
    select r.site_id, r.serialno, s.id as sensor_id
    from radios r join sensors s on s.radio_id = r.id and s.serialno = 'P-' || r.serialno
    where ${ofSites}
    order by r.id`,
  );
}
