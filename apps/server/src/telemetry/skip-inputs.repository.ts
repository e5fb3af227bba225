/**
 * What a program's skip rules read (issue 30 item 5), from the site's own sensors: the series of
 * its weather station's rain gauge, anemometer and thermometer (sensors tagged `weather`), and of
 * a soil probe in the program's area; the latest reading of each at an instant, and a gauge's
 * readings over a window. The choice between candidates and the arithmetic are the caller's.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../db/client.ts';

/** A sensor's series of one of the metrics the rules read. */
export type SkipSeriesRow = {
  seriesId: number;
  sensorId: number;
  label: string;
  areaId: number | null;
  metric: string;
  weather: boolean;
};

/** The site's sensor series of these metrics, weather-station ones first, then by sensor id. */
export async function skipRuleSeries(
  db: Database,
  siteId: number,
  metrics: readonly string[],
): Promise<SkipSeriesRow[]> {
  const rows = await queryRows<{
    series_id: number;
    sensor_id: number;
    label: string;
    area_id: number | null;
    metric: string;
    weather: boolean | null;
  }>(
    db,
    sql`select se.id as series_id, s.id as sensor_id, s.label, s.area_id, se.metric,
               coalesce(s.tags->>'identifier' = 'weather', false) as weather
        from series se join sensors s on se.thing_type = 'sensor' and s.id = se.thing_id
        where s.site_id = ${siteId}
          and se.metric in (${sql.join(
            metrics.map((metric) => sql`${metric}`),
            sql`, `,
          )})
        order by weather desc, s.id`,
  );
  return rows.map((row) => ({
    seriesId: Number(row.series_id),
    sensorId: Number(row.sensor_id),
    label: row.label,
    areaId: row.area_id === null ? null : Number(row.area_id),
    metric: row.metric,
    weather: row.weather === true,
  }));
}

/** The series' latest reading at or before `at` (epoch ms), or null. */
export async function latestReadingAt(
  db: Database,
  seriesId: number,
  at: Date,
): Promise<{ time: number; value: number } | null> {
  const [row] = await queryRows<{ time: number; value: number }>(
    db,
    sql`select extract(epoch from time)::float8 * 1000 as time, value from readings
        where series_id = ${seriesId} and time <= ${at.toISOString()}
        order by time desc limit 1`,
  );
  return row ? { time: Number(row.time), value: Number(row.value) } : null;
}

/** The series' readings in [from, to], oldest first. */
export async function readingsBetween(
  db: Database,
  seriesId: number,
  from: Date,
  to: Date,
): Promise<{ time: number; value: number }[]> {
  const rows = await queryRows<{ time: number; value: number }>(
    db,
    sql`select extract(epoch from time)::float8 * 1000 as time, value from readings
        where series_id = ${seriesId} and time >= ${from.toISOString()} and time <= ${to.toISOString()}
        order by time`,
  );
  return rows.map((row) => ({ time: Number(row.time), value: Number(row.value) }));
}
