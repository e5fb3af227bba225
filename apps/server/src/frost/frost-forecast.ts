/**
 * Tonight's frost forecast of a frost area (issue 31; the rules in the domain's frost/forecast.ts),
 * made from the area's reference sensors:
 * - air temperature: the area's first canopy temperature sensor (lowest id). Decision: the FFST is
 *   fitted to whatever sensor it forecasts, and the canopy is the temperature the site's start
 *   rule and the fans act on, so its forecast compares directly with the start temperature;
 * - dew point: the area's own sensor reporting temperature.dewpoint(.current) (the demo's tower
 *   "dew point" sensor), else the site's weather station's;
 * - wind: the area's wind.speed sensor, else the station's, else the fans' own fan.windSpeed.
 * T₂ and Td₂ are the readings nearest sunset + 2 h (within half an hour); the sunset temperature
 * the one nearest sunset; the wind the mean from sunset to T₂ time; the observed minimum the
 * lowest air temperature from sunset to an hour after sunrise (the coldest moment is at or just
 * after sunrise).
 */
import {
  FAN_METRICS,
  FFST_DEFAULT,
  MIN_FIT_NIGHTS,
  fitCoefficients,
  forecastMinimum,
  forecastTime,
  forecastWarningThreshold,
  isRadiativeNight,
  nightCurve,
  nightSun,
  parsePointText,
  timeReaching,
  type LatLng,
  type NightSun,
  type TimedValue,
} from '@paddock/domain';
import type { Queryable } from '../db/database.ts';
import { CANOPY_METRIC, readFrostArea, readSensorReadings, type FrostArea } from './frost-data.ts';
import {
  fitNightRows,
  frostAreaRows,
  saveForecastEvaluation,
  saveObservation,
  siteSensorRows,
  type ForecastInsert,
  type ForecastRow,
} from './forecast.repository.ts';

const MINUTE_MS = 60_000;
/** How far from sunset + 2 h (and from sunset) a reading may be and still count. */
const NEAREST_WITHIN_MS = 30 * MINUTE_MS;
/** "Forecast now" reads the latest readings of the last hour. */
const LATEST_WITHIN_MS = 60 * MINUTE_MS;
/** The observed minimum is looked for until an hour after sunrise. */
export const OBSERVE_AFTER_SUNRISE_MS = 60 * MINUTE_MS;

const DEW_POINT_METRICS = ['temperature.dewpoint.current', 'temperature.dewpoint'];
const WIND_METRIC = 'wind.speed';

type SeriesRef = { sensor: number; metric: string };

/** A frost area as the forecast reads it. */
export type ForecastArea = {
  frost: FrostArea;
  location: LatLng;
  air: SeriesRef | null;
  dewPoint: SeriesRef | null;
  /** Several for the fans' own wind (their mean). */
  wind: SeriesRef[];
};

/** The frost areas the forecast serves (every one, or the one asked for) with a site location. */
export async function readForecastAreas(db: Queryable, areaId?: number): Promise<ForecastArea[]> {
  const rows = await frostAreaRows(db, areaId);
  const areas: ForecastArea[] = [];
  for (const row of rows) {
    const location = parsePointText(row.location);
    const frost = await readFrostArea(db, row.id);
    if (!location || !frost) continue;
    const sensors = await siteSensorRows(db, row.siteId);
    const reporting = (metrics: string[]): SeriesRef | null => {
      const find = (own: boolean) =>
        sensors
          .filter((sensor) => (sensor.areaId === row.id) === own)
          .flatMap((sensor) =>
            sensor.topics
              .filter((topic) => metrics.includes(topic.metric))
              .map((topic) => ({ sensor: sensor.id, metric: topic.metric })),
          )[0] ?? null;
      return find(true) ?? find(false);
    };
    const canopy = frost.canopies[0];
    const wind = reporting([WIND_METRIC]);
    areas.push({
      frost,
      location,
      air: canopy ? { sensor: canopy.id, metric: CANOPY_METRIC } : null,
      dewPoint: reporting(DEW_POINT_METRICS),
      wind: wind
        ? [wind]
        : frost.fans.map((fan) => ({ sensor: fan.id, metric: FAN_METRICS.windSpeed })),
    });
  }
  return areas;
}

async function readSeries(db: Queryable, refs: readonly SeriesRef[], from: Date, to: Date) {
  if (refs.length === 0) return [];
  const data = await readSensorReadings(
    db,
    refs.map((ref) => ref.sensor),
    [...new Set(refs.map((ref) => ref.metric))],
    from,
    to,
  );
  return refs.flatMap((ref) => data.get(ref.sensor)?.get(ref.metric) ?? []);
}

/** The value nearest `at` within NEAREST_WITHIN_MS; null with none. */
function nearest(values: readonly TimedValue[], at: Date): number | null {
  let best: TimedValue | null = null;
  for (const value of values) {
    const distance = Math.abs(value.t - at.getTime());
    if (distance > NEAREST_WITHIN_MS) continue;
    if (!best || distance < Math.abs(best.t - at.getTime())) best = value;
  }
  return best?.v ?? null;
}

/** The last value at or before `at` within LATEST_WITHIN_MS; null with none. */
function latest(values: readonly TimedValue[], at: Date): number | null {
  const before = values.filter(
    (v) => v.t <= at.getTime() && v.t >= at.getTime() - LATEST_WITHIN_MS,
  );
  return (
    before.reduce<TimedValue | null>((last, v) => (!last || v.t > last.t ? v : last), null)?.v ??
    null
  );
}

function mean(values: readonly TimedValue[], from: Date, to: Date): number | null {
  const inside = values.filter((v) => v.t >= from.getTime() && v.t <= to.getTime());
  if (inside.length === 0) return null;
  return inside.reduce((sum, v) => sum + v.v, 0) / inside.length;
}

/** The coefficients tonight uses: the area's own fit from MIN_FIT_NIGHTS radiative nights on. */
export async function currentFit(db: Queryable, areaId: number, night: string) {
  const nights = (await fitNightRows(db, areaId, night)).flatMap((row) =>
    row.t2 !== null && row.td2 !== null && row.observedMin !== null
      ? [{ t2: row.t2, td2: row.td2, observedMin: row.observedMin }]
      : [],
  );
  const fit = nights.length >= MIN_FIT_NIGHTS ? fitCoefficients(nights) : null;
  return fit
    ? {
        a: fit.a,
        b: fit.b,
        c: fit.c,
        fitNights: fit.nights,
        fitError: fit.meanAbsoluteError,
        fitSource: 'site' as const,
      }
    : { ...FFST_DEFAULT, fitNights: 0, fitError: null, fitSource: 'default' as const };
}

/**
 * Evaluates the night and stores it. `at` null: as the worker does at sunset + 2 h (or later,
 * for a past night), from the readings nearest those times; a date: "forecast now", from the
 * latest readings before it, recorded as evaluated then.
 */
export async function evaluateNight(
  db: Queryable,
  area: ForecastArea,
  night: string,
  sun: NightSun,
  at: Date | null,
  now: Date,
): Promise<ForecastRow> {
  const t2At = forecastTime(sun.sunset);
  const readTo = new Date(Math.max(t2At.getTime() + NEAREST_WITHIN_MS, at?.getTime() ?? 0) + 1);
  const readFrom = new Date(
    Math.min(sun.sunset.getTime(), at?.getTime() ?? Infinity) - LATEST_WITHIN_MS,
  );
  const [air, dewPoint, wind] = await Promise.all([
    readSeries(db, area.air ? [area.air] : [], readFrom, readTo),
    readSeries(db, area.dewPoint ? [area.dewPoint] : [], readFrom, readTo),
    readSeries(db, area.wind, readFrom, readTo),
  ]);
  const t2 = at ? latest(air, at) : nearest(air, t2At);
  const td2 = at ? latest(dewPoint, at) : nearest(dewPoint, t2At);
  const windUntil = at && at < t2At ? at : t2At;
  const fit = await currentFit(db, area.frost.areaId, night);
  const tmin = t2 !== null && td2 !== null ? forecastMinimum(t2, td2, fit) : null;
  const curve = t2 !== null && tmin !== null ? nightCurve(sun, t2, tmin) : [];
  const row: ForecastInsert = {
    areaId: area.frost.areaId,
    night,
    siteId: area.frost.siteId,
    sunset: sun.sunset,
    sunrise: sun.sunrise,
    evaluatedAt: at ?? now,
    sunsetTemperature: nearest(air, sun.sunset),
    t2,
    td2,
    meanWind: mean(wind, sun.sunset, windUntil),
    ...fit,
    tmin,
    startExpectedAt: timeReaching(curve, area.frost.rules.startAtOrBelow),
    createdAt: now,
    modifiedAt: now,
  };
  return saveForecastEvaluation(db, row);
}

/** Stores the night's observed minimum and whether it was radiative (the fit takes those). */
export async function observeNight(
  db: Queryable,
  area: ForecastArea,
  row: ForecastRow,
  now: Date,
): Promise<void> {
  const until = new Date(row.sunrise.getTime() + OBSERVE_AFTER_SUNRISE_MS);
  const air = await readSeries(db, area.air ? [area.air] : [], row.sunset, until);
  // Readings up to sunrise at least, or the night is not all in yet (a backlog, the demo's
  // history loading): its minimum waits for the next look (RETRY_INCOMPLETE_MS).
  const complete = air.some((v) => v.t >= row.sunrise.getTime());
  const observedMin = complete ? Math.min(...air.map((v) => v.v)) : null;
  const radiative =
    observedMin !== null &&
    row.t2 !== null &&
    row.sunsetTemperature !== null &&
    isRadiativeNight({
      meanWindKmh: row.meanWind,
      sunsetTemperature: row.sunsetTemperature,
      t2: row.t2,
    });
  await saveObservation(db, row.areaId, row.night, { observedMin, radiative, observedAt: now });
}

/** The early warning's threshold for the area now (its site's frost rules). */
export function warningThreshold(area: Pick<ForecastArea, 'frost'>): number {
  return forecastWarningThreshold(area.frost.rules);
}

export { nightSun };
