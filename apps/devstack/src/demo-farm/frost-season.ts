/**
 * A season of past frost nights in the demo farm's history (issue 31 item 6), so a fresh
 * `npm start` shows a fitted forecast and a forecast-against-observed table. Over the last six
 * weeks about three nights in five of each frost site are frost nights, most of them radiative
 * (clear and calm, wind under 5 km/h), the rest windy or cloudy. Each follows the simulator's
 * radiative-night physics (the FAO FFST: Tmin = a·T₂ + b·Td₂ + c, with the site's own a, b, c and
 * a little noise), written over what the simulator's past reported from an hour before sunset to
 * three hours after sunrise, blended at both ends: the weather station's air, dew point, humidity
 * and wind, and the frost area's canopy sensors, dew point and wind sensors and the fans' tower
 * temperatures and wind. Deterministic (the seed), and done on the history's own chunks as they
 * are made, in the background lane, so the server answers all along.
 */
import { FAN_METRICS, frostNightOf, isFrostFan, nightSun } from '@paddock/domain';
import { schema as t, type Database } from '@paddock/server';
import {
  gaussian,
  nightTemperatures,
  seededRandom,
  type FfstPhysics,
  type HistoryChunk,
  type NightInput,
} from '@paddock/simulator';
import { eq, inArray } from 'drizzle-orm';
import { DEMO_SITES } from './demo-sites.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** Nights back from today the season covers. */
export const FROST_SEASON_DAYS = 42;
/** Share of those nights that are frost nights, and of these the radiative ones. */
const FROST_NIGHT_SHARE = 0.6;
const RADIATIVE_SHARE = 0.78;
/** The overlay fades in over the hour before sunset and out from one to three hours after sunrise. */
const FADE_IN_MS = HOUR_MS;
const HOLD_AFTER_SUNRISE_MS = HOUR_MS;
const FADE_OUT_MS = 2 * HOUR_MS;

type FrostNightKind = 'radiative' | 'windy' | 'cloudy';

export interface SeasonNight {
  /** The frost night's local date (the evening it began). */
  readonly night: string;
  readonly kind: FrostNightKind;
  readonly sunset: number;
  readonly sunrise: number;
  readonly input: NightInput;
  /** Mean wind over the night (km/h). */
  readonly windKmh: number;
}

/** The sensors of a frost site the season writes, by id. */
interface FrostSiteSensors {
  /** Canopy temperature sensors ('temperature'); each block has its own cold spot. */
  readonly canopies: readonly number[];
  /** Fan controllers (fan.towerTemperature, fan.canopyTemperature, fan.windSpeed). */
  readonly fans: readonly number[];
  /** Sensors reporting air at 2 m ('temperature'): the weather station's. */
  readonly air: readonly number[];
  /** Sensors reporting a dew point and humidity. */
  readonly dewPoint: readonly number[];
  /** Sensors reporting wind.speed. */
  readonly wind: readonly number[];
}

export interface FrostSitePlan {
  readonly siteId: number;
  readonly physics: FfstPhysics;
  readonly nights: readonly SeasonNight[];
  readonly sensors: FrostSiteSensors;
}

/**
 * A site's own a, b, c: near the FAO worked example (a 0.5028, b 0.0265, c −5.822), each site a
 * little different, as a valley and a river flat are.
 */
export function sitePhysics(seed: number): FfstPhysics {
  const random = seededRandom(seed);
  return {
    a: round(0.45 + 0.15 * random(), 3),
    b: round(0.02 + 0.12 * random(), 3),
    c: round(-5.6 + 1 * random(), 3),
  };
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

function nightOf(
  kind: FrostNightKind,
  random: () => number,
  physics: FfstPhysics,
  hours: number,
): { input: NightInput; windKmh: number } {
  const sunsetAir = 7 + 7 * random();
  // Dry air under a clear sky: the dew point 1–6 °C under T₂.
  const dewPoint = sunsetAir - 4.5 - 1 - 5 * random();
  const base = { sunsetAir, dewPoint, hours, physics };
  switch (kind) {
    case 'radiative':
      return {
        input: { ...base, stillness: 1, minimumOffset: 0.35 * gaussian(random) },
        windKmh: 1 + 3 * random(),
      };
    case 'windy':
      return { input: { ...base, stillness: 0.15 }, windKmh: 10 + 8 * random() };
    case 'cloudy':
      return { input: { ...base, stillness: 0.25 }, windKmh: 3 + 4 * random() };
  }
}

/** The site's frost nights over the FROST_SEASON_DAYS nights before `now` (none still going). */
export function seasonNights(input: {
  seed: number;
  physics: FfstPhysics;
  location: { lat: number; lng: number };
  timeZone: string;
  now: Date;
}): SeasonNight[] {
  const random = seededRandom(input.seed);
  const nights: SeasonNight[] = [];
  for (let back = FROST_SEASON_DAYS; back >= 1; back--) {
    const night = frostNightOf(new Date(input.now.getTime() - back * DAY_MS), input.timeZone);
    // Draw the same numbers whether or not the night is kept, so each night is its seed's.
    const frosty = random() < FROST_NIGHT_SHARE;
    const kindDraw = random();
    const kind: FrostNightKind =
      kindDraw < RADIATIVE_SHARE
        ? 'radiative'
        : kindDraw < (1 + RADIATIVE_SHARE) / 2
          ? 'windy'
          : 'cloudy';
    const sun = nightSun(night, input.location, input.timeZone);
    const nightRandom = seededRandom(input.seed * 1_000 + back);
    if (!frosty || !sun) continue;
    const end = sun.sunrise.getTime() + HOLD_AFTER_SUNRISE_MS + FADE_OUT_MS;
    if (end > input.now.getTime()) continue;
    const hours = (sun.sunrise.getTime() - sun.sunset.getTime()) / HOUR_MS;
    const made = nightOf(kind, nightRandom, input.physics, hours);
    nights.push({
      night,
      kind,
      sunset: sun.sunset.getTime(),
      sunrise: sun.sunrise.getTime(),
      ...made,
    });
  }
  return nights;
}

/** How much of the night's value a reading at `time` takes (0 outside the night, 1 within). */
function weightAt(night: SeasonNight, time: number): number {
  const fadeInFrom = night.sunset - FADE_IN_MS;
  const fadeOutFrom = night.sunrise + HOLD_AFTER_SUNRISE_MS;
  if (time <= fadeInFrom || time >= fadeOutFrom + FADE_OUT_MS) return 0;
  if (time < night.sunset) return (time - fadeInFrom) / FADE_IN_MS;
  if (time <= fadeOutFrom) return 1;
  return 1 - (time - fadeOutFrom) / FADE_OUT_MS;
}

/** A steady pseudo-random number in [-1, 1] of a sensor and a time: a reading's own noise. */
function jitter(sensor: number, time: number, salt: number): number {
  let hash = Math.imul(sensor ^ 0x9e3779b9, 0x85ebca6b) ^ Math.floor(time / 1000) ^ salt;
  hash = Math.imul(hash ^ (hash >>> 16), 0x7feb352d);
  hash = Math.imul(hash ^ (hash >>> 15), 0x846ca68b);
  return (((hash ^ (hash >>> 16)) >>> 0) / 4294967295) * 2 - 1;
}

/** Saturation vapour pressure (hPa), Magnus formula. */
const saturation = (celsius: number) => 6.112 * Math.exp((17.62 * celsius) / (243.12 + celsius));

/** A canopy sensor's cold spot (°C): blocks of one site differ by up to ±0.4. */
const coldSpot = (sensor: number) => 0.4 * jitter(sensor, 0, 7);

/** The night's value of a series at a time; null where the season leaves the series alone. */
function nightValue(
  sensors: FrostSiteSensors,
  night: SeasonNight,
  series: { id: number; metric: string },
  time: number,
): number | null {
  const hour = (time - night.sunset) / HOUR_MS;
  const at = nightTemperatures(night.input, hour);
  const noise = (spread: number, salt = 0) => spread * jitter(series.id, time, salt);
  const wind = Math.max(0, night.windKmh + noise(0.8, 3));
  const { id, metric } = series;
  if (sensors.canopies.includes(id) && metric === 'temperature') {
    return round(at.canopy + coldSpot(id) + noise(0.1), 1);
  }
  if (sensors.fans.includes(id)) {
    if (metric === FAN_METRICS.towerTemperature) return round(at.tower + noise(0.1), 1);
    if (metric === FAN_METRICS.canopyTemperature) return round(at.canopy + noise(0.1), 1);
    if (metric === FAN_METRICS.windSpeed) return round(wind, 1);
    return null;
  }
  if (sensors.air.includes(id) && metric === 'temperature') return round(at.air + noise(0.1), 1);
  if (sensors.dewPoint.includes(id)) {
    if (metric.startsWith('temperature.dewpoint')) return round(at.dewPoint + noise(0.1), 1);
    if (metric === 'humidity.relative.current') {
      return Math.min(100, Math.round((100 * saturation(at.dewPoint)) / saturation(at.air)));
    }
    return null;
  }
  if (sensors.wind.includes(id) && metric === 'wind.speed') return round(wind, 1);
  return null;
}

/**
 * Writes the site's frost nights over a chunk of its simulated past, in place: each reading of a
 * series the season covers takes the night's value, blended with the simulator's at the ends.
 */
export function overlayFrostSeason(plan: FrostSitePlan, chunk: HistoryChunk): void {
  if (chunk.siteId !== plan.siteId) return;
  const from = chunk.from.getTime() - FADE_OUT_MS - HOLD_AFTER_SUNRISE_MS;
  const to = chunk.to.getTime() + FADE_IN_MS;
  const nights = plan.nights.filter((night) => night.sunrise >= from && night.sunset <= to);
  if (nights.length === 0) return;
  const { sensors } = plan;
  const covered = new Set([
    ...sensors.canopies,
    ...sensors.fans,
    ...sensors.air,
    ...sensors.dewPoint,
    ...sensors.wind,
  ]);
  for (const series of chunk.series) {
    if (series.thing !== 'sensor' || !covered.has(series.id)) continue;
    for (let i = 0; i < series.times.length; i++) {
      const time = series.times[i] as number;
      const night = nights.find((entry) => weightAt(entry, time) > 0);
      if (!night) continue;
      const value = nightValue(sensors, night, series, time);
      if (value === null) continue;
      const weight = weightAt(night, time);
      const simulated = series.values[i] as number;
      series.values[i] = weight === 1 ? value : round(weight * value + (1 - weight) * simulated, 1);
    }
  }
}

/** Tags as the seed writes them: the weather station's sensors are marked 'weather'. */
const STATION_IDENTIFIER = 'weather';

type SensorRow = {
  id: number;
  areaId: number | null;
  type: string;
  tags: { identifier?: string | null };
  topics: { metric: string }[];
};

/** The sensors a frost site's season writes: its frost area's and its weather station's. */
function frostSiteSensors(
  frostAreaIds: readonly number[],
  sensors: readonly SensorRow[],
): FrostSiteSensors {
  const frost = sensors.filter((row) => row.areaId !== null && frostAreaIds.includes(row.areaId));
  const station = sensors.filter((row) => row.tags.identifier === STATION_IDENTIFIER);
  const reports = (row: SensorRow, prefix: string) =>
    row.topics.some((topic) => topic.metric.startsWith(prefix));
  const fans = frost.filter((row) => isFrostFan({ tags: row.tags, topics: row.topics }));
  const others = [...frost.filter((row) => !fans.includes(row)), ...station];
  return {
    canopies: frost
      .filter((row) => !fans.includes(row) && row.type === 'temperature')
      .map((row) => row.id),
    fans: fans.map((row) => row.id),
    air: station.filter((row) => row.type === 'temperature').map((row) => row.id),
    dewPoint: others.filter((row) => reports(row, 'temperature.dewpoint')).map((row) => row.id),
    wind: others.filter((row) => reports(row, 'wind.speed')).map((row) => row.id),
  };
}

/**
 * The season of every demo site with a frost area, read once the farm is seeded: each site's
 * nights from its own seed (the site's place in DEMO_SITES), its place and zone from DEMO_SITES.
 */
export async function frostSeasonPlans(db: Database, now: Date): Promise<FrostSitePlan[]> {
  const frostAreas = await db
    .select({ id: t.areas.id, siteId: t.areas.siteId })
    .from(t.areas)
    .where(eq(t.areas.type, 'frost'));
  if (frostAreas.length === 0) return [];
  const siteIds = [...new Set(frostAreas.map((area) => area.siteId))];
  const sites = await db
    .select({ id: t.sites.id, label: t.sites.label })
    .from(t.sites)
    .where(inArray(t.sites.id, siteIds));
  const sensors = await db
    .select({
      id: t.sensors.id,
      siteId: t.sensors.siteId,
      areaId: t.sensors.areaId,
      type: t.sensors.type,
      tags: t.sensors.tags,
      topics: t.sensors.topics,
    })
    .from(t.sensors)
    .where(inArray(t.sensors.siteId, siteIds));
  return sites.flatMap((site) => {
    const index = DEMO_SITES.findIndex((spec) => spec.label === site.label);
    const spec = DEMO_SITES[index];
    if (!spec) return [];
    const seed = 31_000 + index;
    const physics = sitePhysics(seed);
    return [
      {
        siteId: site.id,
        physics,
        nights: seasonNights({
          seed,
          physics,
          location: spec.shed,
          timeZone: spec.timezone,
          now,
        }),
        sensors: frostSiteSensors(
          frostAreas.filter((area) => area.siteId === site.id).map((area) => area.id),
          sensors.filter((row) => row.siteId === site.id),
        ),
      },
    ];
  });
}
