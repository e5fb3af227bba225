/**
 * How a chart's window is cut into buckets (issue 4: "at most ~2 points per pixel of the
 * requested width, in the site's timezone"). The server summarises each bucket as one point, so
 * the bucket decides how many points a chart gets and where day lines fall.
 */
import type { ChartRange } from '../constants/charts.ts';
import { zonedDateTime, zonedTimeToInstant } from '../constants/timezone.ts';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** Points a chart may get per pixel of its width. */
export const SERIES_POINTS_PER_PIXEL = 2;

/** Chart widths in pixels a series query accepts, and the width assumed when none is given. */
export const SERIES_WIDTH = { min: 100, max: 4000, default: 1000 } as const;

/** Units of fixed length: buckets of these are laid edge to edge from an origin. */
export type FixedBucketUnit = 'minute' | 'hour';
/** Units of the site's calendar: buckets of these start at local midnight, whatever DST does. */
export type CalendarBucketUnit = 'day' | 'week' | 'month' | 'quarter' | 'year';
export type SeriesBucketUnit = FixedBucketUnit | CalendarBucketUnit;

export type SeriesBucket =
  | { readonly unit: FixedBucketUnit; readonly size: number }
  | { readonly unit: CalendarBucketUnit; readonly size: 1 };

/**
 * The bucket sizes a chart can get, smallest first: round numbers a reader recognises on an axis.
 * Decision: nothing finer than a minute (devices report every few minutes at most) and one step
 * for every calendar unit above a day, so any range up to SERIES_MAX_RANGE_MS fits in 200 points.
 */
export const SERIES_BUCKETS: readonly SeriesBucket[] = [
  { unit: 'minute', size: 1 },
  { unit: 'minute', size: 5 },
  { unit: 'minute', size: 10 },
  { unit: 'minute', size: 15 },
  { unit: 'minute', size: 30 },
  { unit: 'hour', size: 1 },
  { unit: 'hour', size: 2 },
  { unit: 'hour', size: 3 },
  { unit: 'hour', size: 6 },
  { unit: 'hour', size: 12 },
  { unit: 'day', size: 1 },
  { unit: 'week', size: 1 },
  { unit: 'month', size: 1 },
  { unit: 'quarter', size: 1 },
  { unit: 'year', size: 1 },
];

/** The longest explicit range a series query accepts: a century, still 100 yearly points. */
export const SERIES_MAX_RANGE_MS = 100 * 365.25 * DAY_MS;

const UNIT_MS: Record<FixedBucketUnit, number> = { minute: MINUTE_MS, hour: HOUR_MS };

/** Usual length of one calendar unit, as reported to charts (`bucketSeconds`). */
const CALENDAR_NOMINAL_MS: Record<CalendarBucketUnit, number> = {
  day: DAY_MS,
  week: 7 * DAY_MS,
  month: 30 * DAY_MS,
  quarter: 91 * DAY_MS,
  year: 365 * DAY_MS,
};

/**
 * Shortest a calendar bucket can be. A daylight-saving day is 23 h (23.5 h on Lord Howe); 22 h
 * allows for the double summer time some zones kept in the past, so the point limit holds for any
 * range a caller may ask for.
 */
const CALENDAR_SHORTEST_MS: Record<CalendarBucketUnit, number> = {
  day: 22 * HOUR_MS,
  week: 7 * DAY_MS - 2 * HOUR_MS,
  month: 28 * DAY_MS - 2 * HOUR_MS,
  quarter: 90 * DAY_MS - 2 * HOUR_MS,
  year: 365 * DAY_MS - 2 * HOUR_MS,
};

export function isFixedBucket(
  bucket: SeriesBucket,
): bucket is { readonly unit: FixedBucketUnit; readonly size: number } {
  return bucket.unit === 'minute' || bucket.unit === 'hour';
}

/** A bucket's length in seconds: exact for minutes and hours, the usual length for calendar units. */
export function bucketSeconds(bucket: SeriesBucket): number {
  const ms = isFixedBucket(bucket)
    ? bucket.size * UNIT_MS[bucket.unit]
    : CALENDAR_NOMINAL_MS[bucket.unit];
  return ms / 1000;
}

function shortestMs(bucket: SeriesBucket): number {
  return isFixedBucket(bucket)
    ? bucket.size * UNIT_MS[bucket.unit]
    : CALENDAR_SHORTEST_MS[bucket.unit];
}

/**
 * The smallest bucket that keeps a window of `spanMs` within 2 points per pixel of `width`.
 * A window that does not start on a bucket boundary touches one bucket more than it spans, and
 * both ends may be partial: hence the two spare points.
 */
export function seriesBucketFor(spanMs: number, width: number): SeriesBucket {
  const maxPoints = SERIES_POINTS_PER_PIXEL * width;
  const fits = SERIES_BUCKETS.find(
    (bucket) => Math.floor(spanMs / shortestMs(bucket)) + 2 <= maxPoints,
  );
  // Only a span beyond SERIES_MAX_RANGE_MS on the narrowest chart gets here; years still serve it.
  return fits ?? { unit: 'year', size: 1 };
}

/**
 * A chart window cut into buckets: [from, to) is the asked window widened to whole buckets, so
 * every point summarises a full bucket and the same bucket reads the same on every request.
 * Fixed buckets lie edge to edge from `origin`, local midnight of the window's first day: hours
 * line up with the site's clock, and stay fixed-length across a daylight-saving change.
 */
export type SeriesGrid = {
  readonly timeZone: string;
  readonly from: Date;
  readonly to: Date;
} & (
  | { readonly unit: FixedBucketUnit; readonly size: number; readonly origin: Date }
  | { readonly unit: CalendarBucketUnit; readonly size: 1 }
);

type CalendarDate = { year: number; month: number; day: number };

/** A calendar date `days` later (or earlier), with months and years rolling over. */
function addDays(date: CalendarDate, days: number): CalendarDate {
  const moved = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: moved.getUTCFullYear(), month: moved.getUTCMonth() + 1, day: moved.getUTCDate() };
}

function addMonths(date: CalendarDate, months: number): CalendarDate {
  const index = date.year * 12 + (date.month - 1) + months;
  return { year: Math.floor(index / 12), month: (index % 12) + 1, day: date.day };
}

/** The first local day of the calendar bucket holding local date `date`. Weeks start on Monday (ISO 8601). */
function calendarBucketDate(date: CalendarDate, unit: CalendarBucketUnit): CalendarDate {
  switch (unit) {
    case 'day':
      return date;
    case 'week': {
      const weekday = new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay();
      return addDays(date, -((weekday + 6) % 7));
    }
    case 'month':
      return { year: date.year, month: date.month, day: 1 };
    case 'quarter':
      return { year: date.year, month: date.month - ((date.month - 1) % 3), day: 1 };
    case 'year':
      return { year: date.year, month: 1, day: 1 };
  }
}

function nextCalendarBucketDate(date: CalendarDate, unit: CalendarBucketUnit): CalendarDate {
  switch (unit) {
    case 'day':
      return addDays(date, 1);
    case 'week':
      return addDays(date, 7);
    case 'month':
      return addMonths(date, 1);
    case 'quarter':
      return addMonths(date, 3);
    case 'year':
      return addMonths(date, 12);
  }
}

function localDate(instant: Date, timeZone: string): CalendarDate {
  const { year, month, day } = zonedDateTime(instant, timeZone);
  return { year, month, day };
}

/** Start of the calendar bucket holding `instant`: local midnight of its first day. */
function calendarBucketStart(instant: Date, unit: CalendarBucketUnit, timeZone: string): Date {
  return zonedTimeToInstant(calendarBucketDate(localDate(instant, timeZone), unit), timeZone);
}

/** The calendar bucket after the one starting at `start`. */
function nextCalendarBucketStart(start: Date, unit: CalendarBucketUnit, timeZone: string): Date {
  const first = calendarBucketDate(localDate(start, timeZone), unit);
  return zonedTimeToInstant(nextCalendarBucketDate(first, unit), timeZone);
}

/**
 * Cuts `window` into buckets for a chart `width` pixels wide, in the site's `timeZone`. Throws
 * RangeError for an unknown zone or an invalid date.
 */
export function seriesGrid(window: ChartRange, width: number, timeZone: string): SeriesGrid {
  const bucket = seriesBucketFor(window.to.getTime() - window.from.getTime(), width);
  if (isFixedBucket(bucket)) {
    const lengthMs = bucket.size * UNIT_MS[bucket.unit];
    const origin = zonedTimeToInstant(localDate(window.from, timeZone), timeZone);
    const startOf = (instant: Date) =>
      origin.getTime() + Math.floor((instant.getTime() - origin.getTime()) / lengthMs) * lengthMs;
    const lastStart = startOf(window.to);
    const to = lastStart === window.to.getTime() ? lastStart : lastStart + lengthMs;
    return {
      unit: bucket.unit,
      size: bucket.size,
      origin,
      timeZone,
      from: new Date(startOf(window.from)),
      to: new Date(to),
    };
  }
  const from = calendarBucketStart(window.from, bucket.unit, timeZone);
  const lastStart = calendarBucketStart(window.to, bucket.unit, timeZone);
  const to =
    lastStart.getTime() === window.to.getTime()
      ? lastStart
      : nextCalendarBucketStart(lastStart, bucket.unit, timeZone);
  return { unit: bucket.unit, size: 1, timeZone, from, to };
}

/** Every bucket start of a grid, in order: the x positions a full chart would have. */
export function seriesBucketStarts(grid: SeriesGrid): Date[] {
  const starts: Date[] = [];
  if (isFixedBucket(grid)) {
    const lengthMs = grid.size * UNIT_MS[grid.unit];
    for (let at = grid.from.getTime(); at < grid.to.getTime(); at += lengthMs) {
      starts.push(new Date(at));
    }
    return starts;
  }
  for (
    let at = grid.from;
    at < grid.to;
    at = nextCalendarBucketStart(at, grid.unit, grid.timeZone)
  ) {
    starts.push(at);
  }
  return starts;
}

/**
 * True when every bucket boundary of the grid falls on a multiple of `seconds` since the epoch,
 * so stored aggregates of that width add up to the buckets exactly. Calendar grids are checked
 * at both ends, where local midnight lies on the grid when the zone's offset is a whole number
 * of half hours (every NZ and AU mainland zone) and off it in Pacific/Chatham (+12:45).
 */
export function isGridAlignedTo(grid: SeriesGrid, seconds: number): boolean {
  const stepMs = seconds * 1000;
  const aligned = (ms: number) => ((ms % stepMs) + stepMs) % stepMs === 0;
  if (isFixedBucket(grid)) {
    return aligned(grid.size * UNIT_MS[grid.unit]) && aligned(grid.origin.getTime());
  }
  return aligned(grid.from.getTime()) && aligned(grid.to.getTime());
}
