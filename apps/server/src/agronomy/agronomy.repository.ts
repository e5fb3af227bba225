/**
 * The agronomy job's SQL (agronomy.ts): the weather stations' sensors, the temperature series'
 * rollups it accumulates from, the readings it pairs, the computed series it replaces (with
 * their rollups, kept exact), the sensors' computed topics, and what it counted last
 * (agronomy_state), all in the station's one transaction.
 */
import type {
  ReadingPoint,
  SensorTopic,
  SiteConfig,
  SiteTags,
  TemperatureBucket,
} from '@paddock/domain';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../db/client.ts';
import {
  rollup6hCell,
  ROLLUP_6H_SECONDS,
  ROLLUP_BUCKET_SECONDS,
} from '../telemetry/reading.repository.ts';

const BUCKET_MS = ROLLUP_BUCKET_SECONDS * 1000;

/** The sensors tagged `weather` in an area (of one site, or all), with their site's config. */
export async function weatherSensorRows(db: Database, siteId?: number) {
  return queryRows<{
    id: number;
    site_id: number;
    area_id: number;
    topics: SensorTopic[];
    config: SiteConfig;
    tags: SiteTags;
    location: string;
  }>(
    db,
    sql`select s.id, s.site_id, s.area_id, s.topics, si.config, si.tags, si.location
        from sensors s join sites si on si.id = s.site_id
        where s.tags->>'identifier' = 'weather' and s.area_id is not null
        ${siteId === undefined ? sql`` : sql`and s.site_id = ${siteId}`}
        order by s.id`,
  );
}

/** The first and last rollup bucket of a series. */
export async function rollupExtent(tx: Database, seriesId: number) {
  const [extent] = await queryRows<{ first: string | Date | null; last: string | Date | null }>(
    tx,
    sql`select min(bucket) as first, max(bucket) as last from reading_rollups
          where series_id = ${seriesId}`,
  );
  return extent;
}

/** What the station's last run counted, locked until its transaction ends. */
export async function lockAgronomyState(tx: Database, sensorId: number) {
  const [state] = await queryRows<{
    counted_before: string | number;
    counted_total: string | number;
    until_bucket: string | Date;
  }>(
    tx,
    sql`select counted_before, counted_total, until_bucket from agronomy_state
          where sensor_id = ${sensorId} for update`,
  );
  return state;
}

/** Saves what this run counted, up to the `last` bucket. */
export async function saveAgronomyState(
  tx: Database,
  state: {
    sensorId: number;
    siteId: number;
    counted: number;
    total: number;
    last: number;
    now: Date;
  },
) {
  const { sensorId, siteId, counted, total, last, now } = state;
  await tx.execute(sql`
      insert into agronomy_state
        (sensor_id, site_id, counted_before, counted_total, until_bucket, computed_at)
      values (${sensorId}, ${siteId}, ${counted}, ${total},
              to_timestamp(${last / 1000}), ${now.toISOString()})
      on conflict (sensor_id) do update set
        counted_before = excluded.counted_before, counted_total = excluded.counted_total,
        until_bucket = excluded.until_bucket, computed_at = excluded.computed_at`);
}

/** Readings of a series in buckets before `bucket` (all of them for +Infinity). */
export async function countBefore(tx: Database, seriesId: number, bucket: number): Promise<number> {
  const [row] = await queryRows<{ counted: string | number | null }>(
    tx,
    Number.isFinite(bucket)
      ? sql`select sum(count) as counted from reading_rollups
            where series_id = ${seriesId} and bucket < to_timestamp(${bucket / 1000})`
      : sql`select sum(count) as counted from reading_rollups where series_id = ${seriesId}`,
  );
  return Number(row?.counted ?? 0);
}

/** The id of the sensor's series of this metric, or null. */
export async function seriesIdOf(
  tx: Database,
  sensorId: number,
  metric: string,
): Promise<number | null> {
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`select id from series where thing_type = 'sensor' and thing_id = ${sensorId}
        and metric = ${metric}`,
  );
  return row?.id ?? null;
}

/** The id of the sensor's series of the first of `metrics` it has, or null. */
export async function seriesIdOfAny(
  tx: Database,
  sensorId: number | null,
  metrics: readonly string[],
): Promise<number | null> {
  if (sensorId === null) return null;
  for (const metric of metrics) {
    const id = await seriesIdOf(tx, sensorId, metric);
    if (id !== null) return id;
  }
  return null;
}

/** The 30-minute rollups of a series from `from` on. */
export async function temperatureBuckets(
  tx: Database,
  seriesId: number,
  from: number,
): Promise<TemperatureBucket[]> {
  // Five arrays in one row: years of buckets as row objects took seconds to read on PGlite.
  const [row] = await queryRows<{
    starts: number[] | null;
    counts: number[] | null;
    sums: number[] | null;
    mins: number[] | null;
    maxes: number[] | null;
  }>(
    tx,
    sql`select array_agg(extract(epoch from bucket)::float8 * 1000 order by bucket) as starts,
               array_agg(count order by bucket) as counts, array_agg(sum order by bucket) as sums,
               array_agg(min order by bucket) as mins, array_agg(max order by bucket) as maxes
        from reading_rollups where series_id = ${seriesId} and bucket >= to_timestamp(${from / 1000})`,
  );
  const starts = row?.starts ?? [];
  return starts.map((start, index) => ({
    start: Number(start),
    count: Number(row?.counts?.[index]),
    sum: Number(row?.sums?.[index]),
    min: Number(row?.mins?.[index]),
    max: Number(row?.maxes?.[index]),
  }));
}

/** The readings of a series from `from` on, oldest first. */
export async function readingsFrom(
  tx: Database,
  seriesId: number,
  from: number,
): Promise<ReadingPoint[]> {
  const [row] = await queryRows<{ times: number[] | null; values: number[] | null }>(
    tx,
    sql`select array_agg(extract(epoch from time)::float8 * 1000 order by time) as times,
               array_agg(value order by time) as values
        from readings where series_id = ${seriesId} and time >= to_timestamp(${from / 1000})`,
  );
  const times = row?.times ?? [];
  return times.map((time, index) => ({ time: Number(time), value: Number(row?.values?.[index]) }));
}

/**
 * Takes a computed series' readings from `from` (a bucket start) on, with their rollups, so the
 * recomputed ones replace them and the rollups stay the exact sums of what is stored. A 6-hour
 * rollup reaching past `from` is taken too, and what it held before `from` summed again from
 * the 30-minute rollups.
 */
export async function replaceFrom(tx: Database, seriesId: number, from: number): Promise<void> {
  const bucket = Math.floor(from / BUCKET_MS) * BUCKET_MS;
  const start = sql`to_timestamp(${bucket / 1000})`;
  await tx.execute(sql`delete from readings where series_id = ${seriesId} and time >= ${start}`);
  await tx.execute(sql`delete from reading_rollups where series_id = ${seriesId}
    and bucket >= ${start}`);
  const width = sql.raw(`interval '${ROLLUP_6H_SECONDS} seconds'`);
  await tx.execute(sql`delete from reading_rollups_6h where series_id = ${seriesId}
    and bucket > ${start} - ${width}`);
  await tx.execute(sql`
    insert into reading_rollups_6h (series_id, phase, bucket, count, sum, min, max)
    select r.series_id, p.phase, ${rollup6hCell(sql`r.bucket`, sql`p.phase`)},
           sum(r.count), sum(r.sum), min(r.min), max(r.max)
    from reading_rollups r join reading_rollup_phases p on p.series_id = r.series_id
    where r.series_id = ${seriesId} and r.bucket > ${start} - ${width}
      and ${rollup6hCell(sql`r.bucket`, sql`p.phase`)} > ${start} - ${width}
    group by 1, 2, 3
    order by 1, 2, 3`);
}

/** The sensor's topics, locked until the transaction ends; undefined for no such sensor. */
export async function lockSensorTopics(tx: Database, sensorId: number) {
  const [row] = await queryRows<{ topics: SensorTopic[] }>(
    tx,
    sql`select topics from sensors where id = ${sensorId} for update`,
  );
  return row;
}

/** Stores the sensor's topics. */
export async function setSensorTopics(tx: Database, sensorId: number, topics: SensorTopic[]) {
  await tx.execute(
    sql`update sensors set topics = ${JSON.stringify(topics)}::jsonb where id = ${sensorId}`,
  );
}
