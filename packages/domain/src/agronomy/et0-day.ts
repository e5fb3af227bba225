/**
 * A weather station's daily reference evapotranspiration (issue 30 item 2): the local days of its
 * rollups (30-minute count, sum, min and max of the raw readings) turned into FAO-56 eq. 6's
 * inputs, with what each input came from, so a day's ET0 can be shown beside what made it.
 *
 * Rules (documented decisions):
 * - A day is computed once it is over in the site's zone, and only from a variable whose buckets
 *   cover at least ET0_DAY_COVERAGE of the day: extremes or a mean of a few hours are not the
 *   day's. Temperature short of it: no ET0 that day, never a made-up one.
 * - Humidity short of it: ea from Tmin (eq. 48). Radiation: eq. 50 with the site's kRs. Pressure:
 *   eq. 7 from the site's elevation. Wind: FAO-56's 2 m/s where no wind data exist (chapter 3,
 *   "missing wind speed data"). Each is named in `sources`.
 * - The barometer reports pressure reduced to sea level (`air.pressure.relative.*`, hPa): it is
 *   taken back to the site's elevation by eq. 7's ratio, as FAO's γ needs the station's pressure.
 * - Radiation (W/m²) is the mean of the day's bucket means times the day's length, so a sensor
 *   that reports more often at noon does not weigh noon more (MJ m⁻² d⁻¹).
 */
import { z } from 'zod';
import { idSchema } from '../entities/primitives.ts';
import { timeZoneOffsetMs, zonedTimeToInstant } from '../constants/timezone.ts';
import type { TemperatureBucket } from './accumulate.ts';
import {
  atmosphericPressureKpa,
  dailyEt0,
  dayOfYear,
  KRS_COASTAL,
  KRS_INTERIOR,
  type DailyEt0Input,
} from './et0.ts';

/** Share of a local day's 30-minute buckets a variable must cover to count for that day. */
export const ET0_DAY_COVERAGE = 0.75;
/** FAO-56 (chapter 3) wind speed where none is measured: 2 m/s, the mean of 2,000 stations. */
export const ET0_DEFAULT_WIND_METRES_PER_SECOND = 2;
/**
 * Anemometer height (m). Decision: sensors carry no height in this codebase (no config column),
 * so a station's wind is taken as measured at FAO's standard 2 m; eq. 47 is used when one does.
 */
export const ET0_DEFAULT_WIND_HEIGHT_METRES = 2;
/** Station wind speeds are reported in km/h (WIND_SPEED_UNIT). */
const KPH_PER_METRE_PER_SECOND = 3.6;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** Site config kRsLocation: FAO-56 eq. 50's kRs for an interior or a coastal site. */
export const kRsLocationSchema = z.enum(['interior', 'coastal']);
export type KRsLocation = z.infer<typeof kRsLocationSchema>;
export const DEFAULT_KRS_LOCATION: KRsLocation = 'interior';
/** Site config elevation (m above sea level) for eq. 7's pressure and eq. 37; default 0. */
export const siteElevationSchema = z.number().min(-500).max(9000);
export const DEFAULT_SITE_ELEVATION_METRES = 0;

export function kRsOf(location: KRsLocation | undefined): number {
  return (location ?? DEFAULT_KRS_LOCATION) === 'coastal' ? KRS_COASTAL : KRS_INTERIOR;
}

export const et0SourcesSchema = z.object({
  ea: z.enum(['rh', 'tmin']).describe('rh: eq. 17 from RHmax and RHmin; tmin: eq. 48'),
  rs: z.enum(['measured', 'temperature']).describe('measured: a pyranometer; temperature: eq. 50'),
  pressure: z.enum(['measured', 'elevation']).describe('measured: a barometer; elevation: eq. 7'),
  wind: z.enum(['measured', 'default']).describe('default: FAO-56 2 m/s without wind data'),
});

const nullableNumber = z.number().nullable();

/** Every term of eq. 6 as it was computed (MJ m⁻² d⁻¹, kPa, °C, m/s). */
export const et0TermsSchema = z.object({
  pressureKpa: z.number(),
  gammaKpaPerC: z.number(),
  deltaKpaPerC: z.number(),
  esKpa: z.number(),
  eaKpa: z.number(),
  vapourPressureDeficitKpa: z.number(),
  u2MetresPerSecond: z.number(),
  raMj: z.number(),
  rsoMj: z.number(),
  rsMj: z.number(),
  rnsMj: z.number(),
  rnlMj: z.number(),
  rnMj: z.number(),
  gMj: z.number(),
  tMeanCelsius: z.number(),
});

/** What a day's ET0 came from: the measured values (null where not measured) and the settings. */
export const et0DayInputsSchema = z.object({
  latitudeDegrees: z.number(),
  elevationMetres: z.number(),
  dayOfYear: z.number().int(),
  tMaxCelsius: z.number(),
  tMinCelsius: z.number(),
  rhMaxPercent: nullableNumber,
  rhMinPercent: nullableNumber,
  /** The day's mean wind at the sensor (m/s), before eq. 47. */
  windSpeedMetresPerSecond: nullableNumber,
  windHeightMetres: z.number(),
  /** Measured Rs (MJ m⁻² d⁻¹). */
  solarRadiationMjPerM2Day: nullableNumber,
  /** kRs of eq. 50, when Rs came from the temperature range. */
  kRs: nullableNumber,
  /** The barometer's mean taken to the station's elevation (kPa). */
  pressureKpa: nullableNumber,
  sources: et0SourcesSchema,
  terms: et0TermsSchema,
  /** The station's sensors each value came from (null: none used). */
  sensors: z.object({
    temperature: idSchema,
    humidity: idSchema.nullable(),
    wind: idSchema.nullable(),
    solarRadiation: idSchema.nullable(),
    pressure: idSchema.nullable(),
  }),
});
export type Et0DayInputs = z.infer<typeof et0DayInputsSchema>;

/** One variable of a station: its sensor and its rollup buckets, oldest first. */
export type Et0Variable = { sensorId: number; buckets: readonly TemperatureBucket[] };

export type Et0StationReadings = {
  temperature: Et0Variable;
  humidity: Et0Variable | null;
  wind: Et0Variable | null;
  solarRadiation: Et0Variable | null;
  pressure: Et0Variable | null;
};

export type Et0Place = {
  timeZone: string;
  latitudeDegrees: number;
  elevationMetres: number;
  kRs: number;
  windHeightMetres: number;
  /** Width of a bucket (ms): 30 minutes for the server's rollups. */
  bucketMs: number;
};

export type StationEt0Day = {
  /** The local date, YYYY-MM-DD. */
  date: string;
  /** The instant the local day starts. */
  start: number;
  et0: number;
  inputs: Et0DayInputs;
};

/** A local day: its date (YYYY-MM-DD) and bounds (instants, ms; 23 or 25 h across DST). */
export type LocalDay = { date: string; start: number; end: number };

/** The local day in `timeZone` that holds the instant `time`. */
export function localDayAt(time: number, timeZone: string): LocalDay {
  const wall = new Date(time + timeZoneOffsetMs(new Date(time), timeZone));
  const [year, month, day] = [wall.getUTCFullYear(), wall.getUTCMonth() + 1, wall.getUTCDate()];
  const start = zonedTimeToInstant({ year, month, day }, timeZone).getTime();
  const next = new Date(Date.UTC(year, month - 1, day) + DAY_MS);
  const end = zonedTimeToInstant(
    { year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate() },
    timeZone,
  ).getTime();
  return { date: wall.toISOString().slice(0, 10), start, end };
}

/** A day's aggregate of one variable, or null when its buckets cover too little of the day. */
type DayAggregate = { min: number; max: number; meanOfMeans: number };

function aggregate(
  variable: Et0Variable | null,
  day: LocalDay,
  bucketMs: number,
): DayAggregate | null {
  if (!variable) return null;
  const buckets: TemperatureBucket[] = [];
  for (let index = firstAtOrAfter(variable.buckets, day.start); ; index += 1) {
    const bucket = variable.buckets[index];
    if (!bucket || bucket.start >= day.end) break;
    if (bucket.count > 0) buckets.push(bucket);
  }
  if (buckets.length < ET0_DAY_COVERAGE * ((day.end - day.start) / bucketMs)) return null;
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  let means = 0;
  for (const bucket of buckets) {
    min = Math.min(min, bucket.min);
    max = Math.max(max, bucket.max);
    means += bucket.sum / bucket.count;
  }
  return { min, max, meanOfMeans: means / buckets.length };
}

/** Index of the first bucket starting at or after `time` (buckets oldest first). */
function firstAtOrAfter(buckets: readonly TemperatureBucket[], time: number): number {
  let low = 0;
  let high = buckets.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((buckets[middle] as TemperatureBucket).start < time) low = middle + 1;
    else high = middle;
  }
  return low;
}

const clampPercent = (value: number) => Math.min(100, Math.max(0, value));

/** FAO-56 eq. 6 of one local day, or null without a day's temperature. */
function et0OfDay(
  readings: Et0StationReadings,
  place: Et0Place,
  day: LocalDay,
): StationEt0Day | null {
  const temperature = aggregate(readings.temperature, day, place.bucketMs);
  if (!temperature) return null;
  const humidity = aggregate(readings.humidity, day, place.bucketMs);
  const wind = aggregate(readings.wind, day, place.bucketMs);
  const radiation = aggregate(readings.solarRadiation, day, place.bucketMs);
  const barometer = aggregate(readings.pressure, day, place.bucketMs);

  const windMs = wind ? wind.meanOfMeans / KPH_PER_METRE_PER_SECOND : null;
  const rs = radiation ? (Math.max(0, radiation.meanOfMeans) * (day.end - day.start)) / 1e9 : null;
  const pressure = barometer
    ? (barometer.meanOfMeans / 10) * (atmosphericPressureKpa(place.elevationMetres) / 101.3)
    : null;
  const rhMax = humidity ? clampPercent(humidity.max) : null;
  const rhMin = humidity ? clampPercent(humidity.min) : null;
  const j = dayOfYear(day.date);
  const input: DailyEt0Input = {
    dayOfYear: j,
    latitudeDegrees: place.latitudeDegrees,
    elevationMetres: place.elevationMetres,
    tMaxCelsius: temperature.max,
    tMinCelsius: temperature.min,
    ...(rhMax !== null && rhMin !== null ? { rhMaxPercent: rhMax, rhMinPercent: rhMin } : {}),
    windSpeedMetresPerSecond: windMs ?? ET0_DEFAULT_WIND_METRES_PER_SECOND,
    windHeightMetres: windMs === null ? 2 : place.windHeightMetres,
    ...(rs !== null ? { solarRadiationMjPerM2Day: rs } : { kRs: place.kRs }),
    ...(pressure !== null ? { pressureKpa: pressure } : {}),
  };
  const { et0MmPerDay, eaSource, rsSource, pressureSource, ...terms } = dailyEt0(input);
  const used = (variable: Et0Variable | null, value: unknown) =>
    variable && value !== null ? variable.sensorId : null;
  return {
    date: day.date,
    start: day.start,
    et0: et0MmPerDay,
    inputs: {
      latitudeDegrees: place.latitudeDegrees,
      elevationMetres: place.elevationMetres,
      dayOfYear: j,
      tMaxCelsius: temperature.max,
      tMinCelsius: temperature.min,
      rhMaxPercent: rhMax,
      rhMinPercent: rhMin,
      windSpeedMetresPerSecond: windMs,
      windHeightMetres: input.windHeightMetres ?? 2,
      solarRadiationMjPerM2Day: rs,
      kRs: rs === null ? place.kRs : null,
      pressureKpa: pressure,
      sources: {
        ea: eaSource === 'rh' ? 'rh' : 'tmin',
        rs: rsSource === 'measured' ? 'measured' : 'temperature',
        pressure: pressureSource,
        wind: windMs === null ? 'default' : 'measured',
      },
      terms,
      sensors: {
        temperature: readings.temperature.sensorId,
        humidity: used(readings.humidity, humidity),
        wind: used(readings.wind, wind),
        solarRadiation: used(readings.solarRadiation, radiation),
        pressure: used(readings.pressure, barometer),
      },
    },
  };
}

/**
 * Every local day of the station's temperature buckets that starts at or after `from` (an
 * instant; the day holding it counts) and is over by `until`, with its ET0; a day without enough
 * temperature is left out.
 */
export function stationEt0Days(
  readings: Et0StationReadings,
  place: Et0Place,
  span: { from: number; until: number },
): StationEt0Day[] {
  const first = localDayAt(span.from, place.timeZone).start;
  const days: StationEt0Day[] = [];
  let day: LocalDay | null = null;
  for (const bucket of readings.temperature.buckets) {
    if (bucket.start < first || (day && bucket.start < day.end)) continue;
    day = localDayAt(bucket.start, place.timeZone);
    if (day.end > span.until) break;
    const computed = et0OfDay(readings, place, day);
    if (computed) days.push(computed);
  }
  return days;
}
