/**
 * Agronomy computed on the server (issue 14), stored as series of the station's own sensors so
 * it charts and exports like what is measured:
 * - on the station's temperature sensor: growingDays.gdd10 (accumulated per local day from the
 *   season start), chillUnits.total and chillHours.total (per local hour from the chill start);
 * - temperature.dewpoint.current on its humidity sensor and air.density.current on its barometer,
 *   only when the station does not report them itself.
 * A station is the sensors of an area tagged `weather` (the demo farm's and the field protocol's
 * identifier). Day extremes and hourly means come from the rollups, which are exact aggregates of
 * the raw readings (telemetry/reading.repository.ts); a rollup's half hour never straddles a local hour in a
 * zone whose offset is a whole number of half hours (every AU and NZ zone but the Chathams').
 *
 * Run by the worker every minute: a station whose temperature count is unchanged costs two
 * aggregate reads. New readings after the last computed bucket recompute the current
 * accumulations only; readings older than that (a back-fill) recompute the station's whole past.
 */
import {
  accumulateAgronomy,
  accumulationStart,
  defaultChillStart,
  defaultSeason,
  pairMoistAir,
  parsePointText,
  siteTimeZone,
  type AgronomyPoint,
  type ReadingPoint,
  type SensorTopic,
  type SiteConfig,
  type SiteTags,
  type TemperatureBucket,
} from '@paddock/domain';
import { sql } from 'drizzle-orm';
import type { Clock } from '../clock.ts';
import { queryRows, type Database } from '../db/client.ts';
import { repeatEvery } from '../jobs/repeat.ts';
import { findOrCreateSeries } from '../ingest/catalog.repository.ts';
import type { Log } from '../log.ts';
import {
  insertReadings,
  rollup6hCell,
  ROLLUP_6H_SECONDS,
  ROLLUP_BUCKET_SECONDS,
} from '../telemetry/reading.repository.ts';

/** How often the worker looks for stations with new readings. */
const AGRONOMY_INTERVAL_MS = 60_000;

/** The type of a topic the server computes (the others are what devices report). */
const COMPUTED_TOPIC_TYPE = 'computed';

const AGRONOMY_METRICS = {
  growingDegreeDays: 'growingDays.gdd10',
  chillUnits: 'chillUnits.total',
  chillHours: 'chillHours.total',
  dewPoint: 'temperature.dewpoint.current',
  airDensity: 'air.density.current',
} as const;

const TEMPERATURE = ['temperature'];
const HUMIDITY = ['humidity.relative.current', 'humidity'];
const PRESSURE = ['air.pressure.relative.current', 'air.pressure'];
const DEW_POINT = ['temperature.dewpoint.current', 'temperature.dewpoint'];
const AIR_DENSITY = ['air.density.current', 'air.density'];
const BUCKET_MS = ROLLUP_BUCKET_SECONDS * 1000;

type StationSensor = { id: number; topics: SensorTopic[] };

export type Station = {
  siteId: number;
  areaId: number;
  timeZone: string;
  seasonStart: string;
  chillStart: string;
  temperature: StationSensor;
  humidity: StationSensor | null;
  pressure: StationSensor | null;
  /** The station reports these itself: nothing is computed for them. */
  reportsDewPoint: boolean;
  reportsAirDensity: boolean;
};

export type AgronomyRun = { stations: number; computed: number; full: number; points: number };

/** Every station with a temperature sensor, read with its site's zone, season and chill start. */
export async function findStations(db: Database, now: Date, siteId?: number): Promise<Station[]> {
  const rows = await queryRows<{
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
  const byArea = new Map<number, typeof rows>();
  for (const row of rows) {
    const list = byArea.get(row.area_id) ?? [];
    list.push(row);
    byArea.set(row.area_id, list);
  }
  const stations: Station[] = [];
  for (const [areaId, sensors] of byArea) {
    const measuring = (metrics: string[]) =>
      sensors.find((sensor) =>
        sensor.topics.some(
          (topic) => metrics.includes(topic.metric) && topic.type !== COMPUTED_TOPIC_TYPE,
        ),
      ) ?? null;
    const temperature = measuring(TEMPERATURE);
    if (!temperature) continue;
    const timeZone = siteTimeZone(temperature.config, temperature.tags.country, 'UTC');
    const latitude = parsePointText(temperature.location)?.lat ?? 0;
    const humidity = measuring(HUMIDITY);
    const pressure = measuring(PRESSURE);
    stations.push({
      siteId: temperature.site_id,
      areaId,
      timeZone,
      seasonStart: temperature.config.season?.start ?? defaultSeason(now, timeZone).start,
      chillStart: temperature.config.chillStart ?? defaultChillStart(latitude),
      temperature: { id: temperature.id, topics: temperature.topics },
      humidity: humidity ? { id: humidity.id, topics: humidity.topics } : null,
      pressure: pressure ? { id: pressure.id, topics: pressure.topics } : null,
      reportsDewPoint: measuring(DEW_POINT) !== null,
      reportsAirDensity: measuring(AIR_DENSITY) !== null,
    });
  }
  return stations;
}

/** Computes what changed at every station (or one site's). */
export async function recomputeAgronomy(
  db: Database,
  now: Date,
  options: { siteId?: number; full?: boolean } = {},
): Promise<AgronomyRun> {
  const stations = await findStations(db, now, options.siteId);
  const run: AgronomyRun = { stations: stations.length, computed: 0, full: 0, points: 0 };
  for (const station of stations) {
    const result = await recomputeStation(db, station, now, options.full ?? false);
    if (!result) continue;
    run.computed += 1;
    if (result.full) run.full += 1;
    run.points += result.points;
  }
  return run;
}

/** A derived series to write: its sensor and metric, and its points from `from` on. */
type AgronomyWrite = { sensorId: number; metric: string; from: number; points: AgronomyPoint[] };

/** Growing degree days and chill, from the start of the period that holds `from`. */
async function accumulationWrites(
  tx: Database,
  station: Station,
  temperatureSeries: number,
  span: { first: number; from: number; full: boolean },
): Promise<AgronomyWrite[]> {
  const { first, from, full } = span;
  // Accumulations from the start of the period that holds `from` (or the first reading).
  const gddFrom = full
    ? first
    : accumulationStart(new Date(from), station.seasonStart, station.timeZone).getTime();
  const chillFrom = full
    ? first
    : accumulationStart(new Date(from), station.chillStart, station.timeZone).getTime();
  const buckets = await temperatureBuckets(tx, temperatureSeries, Math.min(gddFrom, chillFrom));
  const options = {
    timeZone: station.timeZone,
    seasonStart: station.seasonStart,
    chillStart: station.chillStart,
  };
  const gdd = accumulateAgronomy(
    buckets.filter((bucket) => bucket.start >= gddFrom),
    options,
  );
  const chill = accumulateAgronomy(
    buckets.filter((bucket) => bucket.start >= chillFrom),
    options,
  );
  return [
    {
      sensorId: station.temperature.id,
      metric: AGRONOMY_METRICS.growingDegreeDays,
      from: gddFrom,
      points: gdd.growingDegreeDays,
    },
    {
      sensorId: station.temperature.id,
      metric: AGRONOMY_METRICS.chillUnits,
      from: chillFrom,
      points: chill.chillUnits,
    },
    {
      sensorId: station.temperature.id,
      metric: AGRONOMY_METRICS.chillHours,
      from: chillFrom,
      points: chill.chillHours,
    },
  ];
}

/** Dew point and air density, reading by reading, where the station does not report them. */
async function moistAirWrites(
  tx: Database,
  station: Station,
  temperatureSeries: number,
  from: number,
): Promise<AgronomyWrite[]> {
  const writes: AgronomyWrite[] = [];
  const wantDew = !station.reportsDewPoint && station.humidity !== null;
  const wantDensity =
    !station.reportsAirDensity && station.humidity !== null && station.pressure !== null;
  if (wantDew || wantDensity) {
    const moistFrom = Math.floor(from / BUCKET_MS) * BUCKET_MS;
    const humiditySeries = await seriesIdOfAny(tx, station.humidity?.id ?? null, HUMIDITY);
    const pressureSeries = await seriesIdOfAny(tx, station.pressure?.id ?? null, PRESSURE);
    const temperature = await readingsFrom(tx, temperatureSeries, moistFrom);
    const humidity =
      humiditySeries === null ? [] : await readingsFrom(tx, humiditySeries, moistFrom);
    const pressure =
      pressureSeries === null ? [] : await readingsFrom(tx, pressureSeries, moistFrom);
    const moist = pairMoistAir(temperature, humidity, pressure);
    if (wantDew && station.humidity) {
      writes.push({
        sensorId: station.humidity.id,
        metric: AGRONOMY_METRICS.dewPoint,
        from: moistFrom,
        points: moist.dewPoint,
      });
    }
    if (wantDensity && station.pressure) {
      writes.push({
        sensorId: station.pressure.id,
        metric: AGRONOMY_METRICS.airDensity,
        from: moistFrom,
        points: moist.airDensity,
      });
    }
  }
  return writes;
}

/** Replaces each derived series from its `from` and sets the sensors' latest topics. */
async function storeWrites(tx: Database, station: Station, writes: AgronomyWrite[]) {
  let points = 0;
  const ids = await findOrCreateSeries(
    tx,
    writes.map((write) => ({
      siteId: station.siteId,
      type: 'sensor' as const,
      id: write.sensorId,
      metric: write.metric,
    })),
  );
  const idOf = (sensorId: number, metric: string) =>
    ids.find((row) => row.thing_id === sensorId && row.metric === metric)?.id;
  const latest = new Map<number, Map<string, AgronomyPoint>>();
  for (const write of writes) {
    const seriesId = idOf(write.sensorId, write.metric);
    if (seriesId === undefined) continue;
    await replaceFrom(tx, seriesId, write.from);
    points += await insertReadings(
      tx,
      write.points.map((point) => ({ seriesId, time: point.time, value: point.value })),
    );
    const newest = write.points.at(-1);
    if (newest) {
      const topics = latest.get(write.sensorId) ?? new Map<string, AgronomyPoint>();
      topics.set(write.metric, newest);
      latest.set(write.sensorId, topics);
    }
  }
  for (const [sensorId, metrics] of latest) await updateTopics(tx, sensorId, metrics);
  return points;
}

/** One station, in one transaction; null when nothing new came since the last run. */
export async function recomputeStation(
  db: Database,
  station: Station,
  now: Date,
  forceFull = false,
): Promise<{ full: boolean; points: number } | null> {
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Database;
    const temperatureSeries = await seriesIdOf(tx, station.temperature.id, 'temperature');
    if (temperatureSeries === null) return null;
    const [extent] = await queryRows<{ first: string | Date | null; last: string | Date | null }>(
      tx,
      sql`select min(bucket) as first, max(bucket) as last from reading_rollups
          where series_id = ${temperatureSeries}`,
    );
    if (!extent?.first || !extent.last) return null;
    const first = new Date(extent.first).getTime();
    const last = new Date(extent.last).getTime();
    const [state] = await queryRows<{
      counted_before: string | number;
      counted_total: string | number;
      until_bucket: string | Date;
    }>(
      tx,
      sql`select counted_before, counted_total, until_bucket from agronomy_state
          where sensor_id = ${station.temperature.id} for update`,
    );
    const total = await countBefore(tx, temperatureSeries, Number.POSITIVE_INFINITY);

    // Where to compute from: the last bucket seen, unless readings came in before it.
    let from = first;
    let full = true;
    if (state && !forceFull) {
      const until = new Date(state.until_bucket).getTime();
      // Nothing new (the worker asks every minute): no work.
      if (total === Number(state.counted_total) && last === until) return null;
      if ((await countBefore(tx, temperatureSeries, until)) === Number(state.counted_before)) {
        from = until;
        full = false;
      }
    }

    const writes = [
      ...(await accumulationWrites(tx, station, temperatureSeries, { first, from, full })),
      ...(await moistAirWrites(tx, station, temperatureSeries, from)),
    ];
    const points = await storeWrites(tx, station, writes);

    const counted = await countBefore(tx, temperatureSeries, last);
    await tx.execute(sql`
      insert into agronomy_state
        (sensor_id, site_id, counted_before, counted_total, until_bucket, computed_at)
      values (${station.temperature.id}, ${station.siteId}, ${counted}, ${total},
              to_timestamp(${last / 1000}), ${now.toISOString()})
      on conflict (sensor_id) do update set
        counted_before = excluded.counted_before, counted_total = excluded.counted_total,
        until_bucket = excluded.until_bucket, computed_at = excluded.computed_at`);
    return { full, points };
  });
}

/** Readings of a series in buckets before `bucket` (all of them for +Infinity). */
async function countBefore(tx: Database, seriesId: number, bucket: number): Promise<number> {
  const [row] = await queryRows<{ counted: string | number | null }>(
    tx,
    Number.isFinite(bucket)
      ? sql`select sum(count) as counted from reading_rollups
            where series_id = ${seriesId} and bucket < to_timestamp(${bucket / 1000})`
      : sql`select sum(count) as counted from reading_rollups where series_id = ${seriesId}`,
  );
  return Number(row?.counted ?? 0);
}

async function seriesIdOf(tx: Database, sensorId: number, metric: string): Promise<number | null> {
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`select id from series where thing_type = 'sensor' and thing_id = ${sensorId}
        and metric = ${metric}`,
  );
  return row?.id ?? null;
}

async function seriesIdOfAny(
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

async function temperatureBuckets(
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

async function readingsFrom(tx: Database, seriesId: number, from: number): Promise<ReadingPoint[]> {
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
async function replaceFrom(tx: Database, seriesId: number, from: number): Promise<void> {
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

/** The computed metrics' latest values on the sensor's topics, as ingest keeps measured ones. */
async function updateTopics(
  tx: Database,
  sensorId: number,
  metrics: ReadonlyMap<string, AgronomyPoint>,
): Promise<void> {
  const [row] = await queryRows<{ topics: SensorTopic[] }>(
    tx,
    sql`select topics from sensors where id = ${sensorId} for update`,
  );
  if (!row) return;
  const topics = row.topics.filter(
    (topic) => !(metrics.has(topic.metric) && topic.type === COMPUTED_TOPIC_TYPE),
  );
  for (const [metric, point] of metrics) {
    topics.push({
      metric,
      type: COMPUTED_TOPIC_TYPE,
      lastValue: point.value,
      timestamp: new Date(point.time).toISOString(),
    });
  }
  await tx.execute(
    sql`update sensors set topics = ${JSON.stringify(topics)}::jsonb where id = ${sensorId}`,
  );
}

/** Recomputes every station's agronomy every `intervalMs` until closed (worker role). */
export function startAgronomy(deps: {
  db: Database;
  clock: Clock;
  log: Log;
  intervalMs?: number;
}): { close(): Promise<void> } {
  return repeatEvery({
    intervalMs: deps.intervalMs ?? AGRONOMY_INTERVAL_MS,
    first: 'after-interval',
    round: async () => {
      const run = await recomputeAgronomy(deps.db, deps.clock.now());
      if (run.computed > 0) deps.log.info(run, 'agronomy computed');
    },
    onError: (error) => deps.log.error({ err: error }, 'agronomy failed'),
  });
}
