/** SQL of chart series: what a series query needs to know about its thing, in one statement. */
import {
  isDeviceSeriesMetric,
  type SeriesThingType,
  type SiteConfig,
  type SiteTags,
} from '@paddock/domain';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { areas, controls, radios, sensors, series, sites, units } from '../../db/schema.ts';

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

/** Whether a thing's topics (§3) list the metric. */
const listedTopic = (topics: typeof sensors.topics | typeof controls.topics, metric: string) =>
  sql<boolean>`exists (
    select 1 from jsonb_array_elements(${topics}) as topic where topic->>'metric' = ${metric}
  )`;

/**
 * The site, the thing's topics and the metric's series of a thing; null when there is no such
 * thing. It finds the site from the thing itself, so it can be asked alongside the access check.
 */
export async function findSeriesTarget(
  db: Database,
  thing: { type: SeriesThingType; id: number },
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
      .innerJoin(sites, eq(sites.id, table.siteId))
      .where(eq(table.id, thing.id));
  } else if (thing.type === 'sensor') {
    [row] = await db
      .select(columns(listedTopic(sensors.topics, metric)))
      .from(sensors)
      .innerJoin(sites, eq(sites.id, sensors.siteId))
      .where(eq(sensors.id, thing.id));
  } else {
    // A control's site is its area's.
    [row] = await db
      .select(columns(listedTopic(controls.topics, metric)))
      .from(controls)
      .innerJoin(areas, eq(areas.id, controls.areaId))
      .innerJoin(sites, eq(sites.id, areas.siteId))
      .where(eq(controls.id, thing.id));
  }
  return row ? { ...row, seriesId: row.seriesId === null ? null : Number(row.seriesId) } : null;
}
