/** SQL of chart series: what a series query needs to know about its thing, in one statement. */
import {
  isDeviceSeriesMetric,
  type SeriesThingType,
  type SiteConfig,
  type SiteTags,
} from '@paddock/domain';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { controls, radios, sensors, series, sites, units } from '../../db/schema.ts';

export type SeriesTarget = {
  /** The site's config and tags, which name its timezone (§9). */
  config: SiteConfig;
  tags: SiteTags;
  /**
   * The thing lists the metric among its topics (§3); for a radio or unit, the metric is one of
   * its health metrics (battery, signal, misses).
   */
  listed: boolean;
  /** The series row of the thing's metric; null until a first reading arrives. */
  seriesId: number | null;
};

/**
 * The site, the thing's topics and the metric's series of a thing the caller may view (so the
 * thing and its site exist). Null only if the thing went away in between.
 */
export async function findSeriesTarget(
  db: Database,
  thing: { type: SeriesThingType; id: number; siteId: number },
  metric: string,
): Promise<SeriesTarget | null> {
  const seriesId = db
    .select({ id: series.id })
    .from(series)
    .where(
      and(
        eq(series.thingType, thing.type),
        eq(series.thingId, thing.id),
        eq(series.metric, metric),
      ),
    );
  const columns = (listed: SQL<boolean>) => ({
    config: sites.config,
    tags: sites.tags,
    listed,
    seriesId: sql<number | null>`(${seriesId})`,
  });
  let row:
    { config: SiteConfig; tags: SiteTags; listed: boolean; seriesId: number | null } | undefined;
  if (thing.type === 'radio' || thing.type === 'unit') {
    const table = thing.type === 'radio' ? radios : units;
    const listed = isDeviceSeriesMetric(metric) ? sql<boolean>`true` : sql<boolean>`false`;
    [row] = await db
      .select(columns(listed))
      .from(table)
      .innerJoin(sites, eq(sites.id, thing.siteId))
      .where(eq(table.id, thing.id));
  } else {
    const table = thing.type === 'sensor' ? sensors : controls;
    const listed = sql<boolean>`exists (
      select 1 from jsonb_array_elements(${table.topics}) as topic where topic->>'metric' = ${metric}
    )`;
    [row] = await db
      .select(columns(listed))
      .from(table)
      .innerJoin(sites, eq(sites.id, thing.siteId))
      .where(eq(table.id, thing.id));
  }
  return row ? { ...row, seriesId: row.seriesId === null ? null : Number(row.seriesId) } : null;
}
