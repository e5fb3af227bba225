/**
 * What an area's water balance reads beyond the ET0 days (et0.repository.ts), the rain gauge
 * (telemetry/skip-inputs.repository.ts) and the irrigation (water-use and irrigation-history
 * repositories): the area's settings, its zones, and its site's config.
 */
import type { SiteConfig, SiteTags } from '@paddock/domain';
import { sql } from 'drizzle-orm';
import { queryRows, type Queryable } from '../../db/client.ts';

export type WaterBalanceAreaRow = {
  siteId: number;
  /** The area's settings as stored: parsed by the caller. */
  settings: unknown;
  config: SiteConfig | null;
  tags: SiteTags;
  sections: { id: number; label: string }[];
};

/** The area with its site and zones (by number); undefined when there is no such area. */
export async function readWaterBalanceArea(
  db: Queryable,
  areaId: number,
): Promise<WaterBalanceAreaRow | undefined> {
  const [area] = await queryRows<{
    site_id: number;
    settings: unknown;
    config: SiteConfig | null;
    tags: SiteTags;
  }>(
    db,
    sql`select a.site_id, a.settings, s.config, s.tags
        from areas a join sites s on s.id = a.site_id where a.id = ${areaId}`,
  );
  if (!area) return undefined;
  const sections = await queryRows<{ id: number; label: string }>(
    db,
    sql`select id, label from sections where area_id = ${areaId} order by number, id`,
  );
  return {
    siteId: Number(area.site_id),
    settings: area.settings,
    config: area.config,
    tags: area.tags,
    sections: sections.map((row) => ({ id: Number(row.id), label: row.label })),
  };
}
