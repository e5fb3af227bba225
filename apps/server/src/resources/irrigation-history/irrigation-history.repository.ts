/**
 * What the irrigation history reads beyond the water-use source (valve runs and meter totals,
 * water-use.repository.ts): the zone settings of the area's program, for its rates and targets.
 */
import type { ZoneSetting } from '@paddock/domain';
import { sql } from 'drizzle-orm';
import { queryRows, type Queryable } from '../../db/client.ts';

/** The zone settings of the area's program; none when the area has no program. */
export async function programZoneSettings(db: Queryable, areaId: number): Promise<ZoneSetting[]> {
  const [program] = await queryRows<{ zones: { setting?: ZoneSetting }[] | null }>(
    db,
    sql`select zones from programs where area_id = ${areaId} order by id limit 1`,
  );
  return (program?.zones ?? []).flatMap((zone) => (zone.setting ? [zone.setting] : []));
}

/** The area's site settings its time zone is read from; undefined when the area is gone. */
export async function areaSiteSettings(db: Queryable, areaId: number) {
  const [site] = await queryRows<{
    config: { timezone?: string } | null;
    tags: { country?: string };
  }>(
    db,
    sql`select s.config, s.tags from areas a join sites s on s.id = a.site_id where a.id = ${areaId}`,
  );
  return site;
}
