/**
 * Agronomy as series (issue 14): growing degree days per local day and Utah chill units and
 * chill hours per local hour, each accumulated from its own yearly start date in the site's
 * time zone, from a station's temperature in buckets (the server's rollups: count, sum, min and
 * max of the raw readings, so an hour's mean and a day's extremes are those of the readings).
 * Dew point and air density are computed reading by reading (pairMoistAir).
 */
import { timeZoneOffsetMs, zonedTimeToInstant } from '../constants/timezone.ts';
import { chillHour, growingDegreeDays, utahChillUnits, dewPoint, airDensity } from './formulas.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** Aggregates of the readings in [start, start + width): times in ms since the epoch. */
export type TemperatureBucket = {
  readonly start: number;
  readonly count: number;
  readonly sum: number;
  readonly min: number;
  readonly max: number;
};

/** One point of a computed series. */
export type AgronomyPoint = { readonly time: number; readonly value: number };

export type AgronomySeries = {
  /** Accumulated growing degree days (base 10 °C), one point at the start of each local day. */
  readonly growingDegreeDays: AgronomyPoint[];
  /** Accumulated Utah chill units, one point at the start of each local hour. */
  readonly chillUnits: AgronomyPoint[];
  /** Accumulated hours below 7.2 °C, one point at the start of each local hour. */
  readonly chillHours: AgronomyPoint[];
};

export type AgronomyOptions = {
  readonly timeZone: string;
  /** DDMM: growing degree days start again on this local day (§3 season start). */
  readonly seasonStart: string;
  /** DDMM: chill units and chill hours start again on this local day. */
  readonly chillStart: string;
};

/**
 * Decision: chill is counted from the start of autumn of the hemisphere, 1 April south of the
 * equator and 1 October north of it, before any orchard sheds its leaves, so no chill is missed;
 * a site sets its own (site config chillStart) when its crop's rest starts later.
 */
export function defaultChillStart(latitude: number): string {
  return latitude < 0 ? '0104' : '0110';
}

/** Buckets must come oldest first; a bucket belongs to the local hour its start falls in. */
export function accumulateAgronomy(
  buckets: readonly TemperatureBucket[],
  options: AgronomyOptions,
): AgronomySeries {
  const offsetAt = zoneOffsets(options.timeZone);
  const season = dayMonthKey(options.seasonStart);
  const chill = dayMonthKey(options.chillStart);

  const gdd: AgronomyPoint[] = [];
  const chillUnits: AgronomyPoint[] = [];
  const chillHours: AgronomyPoint[] = [];
  let gddTotal = 0;
  let unitsTotal = 0;
  let hoursTotal = 0;

  // The local day and hour being gathered.
  let day: number | null = null;
  let dayMin = Number.POSITIVE_INFINITY;
  let dayMax = Number.NEGATIVE_INFINITY;
  let hour: number | null = null;
  let hourSum = 0;
  let hourCount = 0;
  let hourStart = 0;

  const closeHour = () => {
    if (hour === null || hourCount === 0) return;
    const mean = hourSum / hourCount;
    unitsTotal += utahChillUnits(mean);
    hoursTotal += chillHour(mean);
    chillUnits.push({ time: hourStart, value: round(unitsTotal, 2) });
    chillHours.push({ time: hourStart, value: hoursTotal });
  };
  const closeDay = () => {
    if (day === null || dayMin === Number.POSITIVE_INFINITY) return;
    gddTotal += growingDegreeDays(dayMax, dayMin);
    gdd.push({ time: localDayStart(day, offsetAt), value: round(gddTotal, 2) });
  };

  for (const bucket of buckets) {
    if (bucket.count <= 0) continue;
    const offset = offsetAt(bucket.start);
    const wall = bucket.start + offset;
    const bucketHour = Math.floor(wall / HOUR_MS);
    const bucketDay = Math.floor(wall / DAY_MS);
    if (bucketHour !== hour) {
      closeHour();
      if (bucketDay !== day) {
        closeDay();
        // A start date met (or passed over by a gap in the readings) starts the total again.
        if (day !== null && crossed(day, bucketDay, season)) gddTotal = 0;
        if (day !== null && crossed(day, bucketDay, chill)) {
          unitsTotal = 0;
          hoursTotal = 0;
        }
        day = bucketDay;
        dayMin = Number.POSITIVE_INFINITY;
        dayMax = Number.NEGATIVE_INFINITY;
      }
      hour = bucketHour;
      hourSum = 0;
      hourCount = 0;
      hourStart = bucketHour * HOUR_MS - offset;
    }
    hourSum += bucket.sum;
    hourCount += bucket.count;
    dayMin = Math.min(dayMin, bucket.min);
    dayMax = Math.max(dayMax, bucket.max);
  }
  closeHour();
  closeDay();
  return { growingDegreeDays: gdd, chillUnits, chillHours };
}

/**
 * The most recent local day on or before `time` whose day-month is `start` (DDMM), as the
 * instant it begins: where an accumulation that covers `time` starts.
 */
export function accumulationStart(time: Date, start: string, timeZone: string): Date {
  const wallDay = Math.floor((time.getTime() + timeZoneOffsetMs(time, timeZone)) / DAY_MS);
  const wall = new Date(wallDay * DAY_MS);
  const { day, month } = parseDayMonth(start);
  let year = wall.getUTCFullYear();
  const thisYear = Date.UTC(year, month - 1, Math.min(day, daysIn(year, month)));
  if (thisYear > wall.getTime()) year -= 1;
  return zonedTimeToInstant({ year, month, day: Math.min(day, daysIn(year, month)) }, timeZone);
}

/** Readings of one metric, oldest first. */
export type ReadingPoint = { readonly time: number; readonly value: number };

/** How far apart two readings may be and still be read as taken together. */
export const PAIRING_TOLERANCE_MS = 5 * 60_000;

/**
 * Dew point and air density per temperature reading, with the humidity (and pressure) reading
 * taken nearest to it within PAIRING_TOLERANCE_MS; a temperature with no partner is skipped.
 * Air density needs pressure: without pressure readings it is empty.
 */
export function pairMoistAir(
  temperature: readonly ReadingPoint[],
  humidity: readonly ReadingPoint[],
  pressure: readonly ReadingPoint[],
): { dewPoint: AgronomyPoint[]; airDensity: AgronomyPoint[] } {
  const dew: AgronomyPoint[] = [];
  const density: AgronomyPoint[] = [];
  const humidityAt = nearest(humidity);
  const pressureAt = nearest(pressure);
  for (const reading of temperature) {
    const rh = humidityAt(reading.time);
    if (rh === null) continue;
    const td = dewPoint(reading.value, rh);
    if (td !== null) dew.push({ time: reading.time, value: round(td, 2) });
    const p = pressureAt(reading.time);
    if (p !== null) {
      density.push({ time: reading.time, value: round(airDensity(reading.value, p, rh), 4) });
    }
  }
  return { dewPoint: dew, airDensity: density };
}

/** A lookup of the nearest reading within tolerance, for times asked in ascending order. */
function nearest(points: readonly ReadingPoint[]): (time: number) => number | null {
  let index = 0;
  return (time) => {
    while (
      index + 1 < points.length &&
      Math.abs((points[index + 1] as ReadingPoint).time - time) <=
        Math.abs((points[index] as ReadingPoint).time - time)
    ) {
      index += 1;
    }
    const point = points[index];
    if (!point || Math.abs(point.time - time) > PAIRING_TOLERANCE_MS) return null;
    return point.value;
  };
}

function round(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

function parseDayMonth(text: string): { day: number; month: number } {
  return { day: Number(text.slice(0, 2)), month: Number(text.slice(2, 4)) };
}

/** month * 100 + day, which orders day-months within a year. */
function dayMonthKey(text: string): number {
  const { day, month } = parseDayMonth(text);
  return month * 100 + day;
}

function dayMonthKeyOf(wallDay: number): number {
  const date = new Date(wallDay * DAY_MS);
  return (date.getUTCMonth() + 1) * 100 + date.getUTCDate();
}

/** The start day-month falls after local day `from` and on or before local day `to`. */
function crossed(from: number, to: number, start: number): boolean {
  if (to - from >= 366) return true;
  for (let wallDay = from + 1; wallDay <= to; wallDay++) {
    if (dayMonthKeyOf(wallDay) === start) return true;
    // 29 February as a start in a common year: the total starts again on 1 March.
    if (start === 229 && dayMonthKeyOf(wallDay) === 301 && dayMonthKeyOf(wallDay - 1) === 228) {
      return true;
    }
  }
  return false;
}

/** The instant a local day starts (midnight is never skipped by the AU and NZ DST jumps). */
function localDayStart(wallDay: number, offsetAt: (time: number) => number): number {
  const wall = wallDay * DAY_MS;
  const guess = wall - offsetAt(wall);
  return wall - offsetAt(guess);
}

/**
 * The zone's offset at an instant, read from the zone twice a UTC day and hour by hour only on a
 * day the offset changes: reading the zone for each of three years of hours took seconds.
 */
function zoneOffsets(timeZone: string): (time: number) => number {
  const days = new Map<number, number | number[]>();
  const read = (time: number) => timeZoneOffsetMs(new Date(time), timeZone);
  return (time) => {
    const day = Math.floor(time / DAY_MS);
    let entry = days.get(day);
    if (entry === undefined) {
      const start = read(day * DAY_MS);
      const end = read((day + 1) * DAY_MS - 1);
      entry =
        start === end
          ? start
          : Array.from({ length: 24 }, (_, hour) => read(day * DAY_MS + hour * HOUR_MS));
      days.set(day, entry);
    }
    if (typeof entry === 'number') return entry;
    return entry[Math.floor((time - day * DAY_MS) / HOUR_MS)] as number;
  };
}

function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}
