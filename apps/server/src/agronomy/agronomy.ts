/**
 * Agronomy computed on the server (issue 14), stored as series of the station's own sensors so
 * it charts and exports like what is measured:
 * - on the station's temperature sensor: growingDays.gdd10 (accumulated per local day from the
 *   season start), chillUnits.total and chillHours.total (per local hour from the chill start);
 * - temperature.dewpoint.current on its humidity sensor and air.density.current on its barometer,
 *   only when the station does not report them itself;
 * - evapotranspiration.et0.daily (mm, FAO-56 reference ET0 of each local day once it is over) on
 *   its temperature sensor, with each day's inputs in et0_days (et0-days.ts).
 * A station is the sensors of an area tagged `weather` (the demo farm's and the field protocol's
 * identifier). Day extremes and hourly means come from the rollups, which are exact aggregates of
 * the raw readings (telemetry/reading.repository.ts); a rollup's half hour never straddles a
 * local hour in a zone whose offset is a whole number of half hours (every AU and NZ zone but the Chathams').
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
  DEFAULT_SITE_ELEVATION_METRES,
  kRsOf,
  pairMoistAir,
  parsePointText,
  siteTimeZone,
  type AgronomyPoint,
  type SensorTopic,
} from '@paddock/domain';
import type { Database } from '../db/client.ts';
import { repeatEvery, type PeriodicJobDeps } from '../jobs/repeat.ts';
import { et0Write } from './et0-days.ts';
import { findOrCreateSeries } from '../ingest/catalog.repository.ts';
import { insertReadings, ROLLUP_BUCKET_SECONDS } from '../telemetry/reading.repository.ts';
import {
  countBefore,
  lockAgronomyState,
  lockSensorTopics,
  readingsFrom,
  replaceFrom,
  rollupExtent,
  saveAgronomyState,
  seriesIdOf,
  seriesIdOfAny,
  setSensorTopics,
  temperatureBuckets,
  weatherSensorRows,
} from './agronomy.repository.ts';

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
const WIND = ['wind.speed'];
const SOLAR_RADIATION = ['solar.radiation.current', 'solar.radiation'];
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
  /** For ET0: an anemometer (km/h) and a pyranometer (W/m²), when the station has them. */
  wind: StationSensor | null;
  solarRadiation: StationSensor | null;
  /** Site config latitude, elevation (m, default 0) and eq. 50's kRs (interior by default). */
  latitude: number;
  elevation: number;
  kRs: number;
  /** The station reports these itself: nothing is computed for them. */
  reportsDewPoint: boolean;
  reportsAirDensity: boolean;
};

export type AgronomyRun = { stations: number; computed: number; full: number; points: number };

/** Every station with a temperature sensor, read with its site's zone, season and chill start. */
export async function findStations(db: Database, now: Date, siteId?: number): Promise<Station[]> {
  const rows = await weatherSensorRows(db, siteId);
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
    const wind = measuring(WIND);
    const solarRadiation = measuring(SOLAR_RADIATION);
    stations.push({
      siteId: temperature.site_id,
      areaId,
      timeZone,
      seasonStart: temperature.config.season?.start ?? defaultSeason(now, timeZone).start,
      chillStart: temperature.config.chillStart ?? defaultChillStart(latitude),
      temperature: { id: temperature.id, topics: temperature.topics },
      humidity: humidity ? { id: humidity.id, topics: humidity.topics } : null,
      pressure: pressure ? { id: pressure.id, topics: pressure.topics } : null,
      wind: wind ? { id: wind.id, topics: wind.topics } : null,
      solarRadiation: solarRadiation
        ? { id: solarRadiation.id, topics: solarRadiation.topics }
        : null,
      latitude,
      elevation: temperature.config.elevation ?? DEFAULT_SITE_ELEVATION_METRES,
      kRs: kRsOf(temperature.config.kRsLocation),
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
    const extent = await rollupExtent(tx, temperatureSeries);
    if (!extent?.first || !extent.last) return null;
    const first = new Date(extent.first).getTime();
    const last = new Date(extent.last).getTime();
    const state = await lockAgronomyState(tx, station.temperature.id);
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
      // Daily ET0 from the local day holding `from`, once each day is over.
      await et0Write(tx, station, temperatureSeries, { from, now }),
    ];
    const points = await storeWrites(tx, station, writes);

    const counted = await countBefore(tx, temperatureSeries, last);
    await saveAgronomyState(tx, {
      sensorId: station.temperature.id,
      siteId: station.siteId,
      counted,
      total,
      last,
      now,
    });
    return { full, points };
  });
}

/** The computed metrics' latest values on the sensor's topics, as ingest keeps measured ones. */
async function updateTopics(
  tx: Database,
  sensorId: number,
  metrics: ReadonlyMap<string, AgronomyPoint>,
): Promise<void> {
  const row = await lockSensorTopics(tx, sensorId);
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
  await setSensorTopics(tx, sensorId, topics);
}

/** Recomputes every station's agronomy every `intervalMs` until closed (worker role). */
export function startAgronomy(deps: PeriodicJobDeps): { close(): Promise<void> } {
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
