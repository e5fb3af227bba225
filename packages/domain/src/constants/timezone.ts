/**
 * Site time (§9 Timezone): which IANA zone a site's clock reads in, and the wall-clock arithmetic
 * the charts and the date display need. Only `Intl` is used, so the host's own zone never leaks in.
 */
import type { CountryCode } from '../entities/vocabulary.ts';

/** The zone a country's sites read in when the site has none configured (§9: au, nz). */
export const COUNTRY_TIME_ZONES = {
  au: 'Australia/Melbourne',
  nz: 'Pacific/Auckland',
} as const satisfies Record<CountryCode, string>;

/** Decision: with no configured, country or guessed zone, times read in UTC rather than the host's zone. */
export const FALLBACK_TIME_ZONE = 'UTC';

/** Zone names `Intl` has taken (see isValidTimeZone). */
const validTimeZones = new Set<string>();

/** True when `Intl` knows the IANA zone name. */
export function isValidTimeZone(timeZone: string | null | undefined): timeZone is string {
  if (!timeZone) return false;
  // A formatter costs ~0.2 ms, and every chart request asks about its site's zone: a zone once
  // known stays known. Unknown names are not kept, so no caller can grow the set without bound.
  if (validTimeZones.has(timeZone)) return true;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
  } catch {
    return false;
  }
  validTimeZones.add(timeZone);
  return true;
}

/**
 * The zone a site's times read in (§9): the site's configured zone, else the one its country tag
 * maps to (au → Melbourne, nz → Auckland), else the zone guessed by the caller (e.g. the browser's),
 * else UTC. Unknown zone names are skipped, so a bad config never breaks a page.
 */
export function siteTimeZone(
  config: { readonly timezone?: string | null } | null | undefined,
  countryTag?: string | null,
  guessed?: string | null,
): string {
  const configured = config?.timezone;
  if (isValidTimeZone(configured)) return configured;
  const country = countryTag?.trim().toLowerCase();
  if (country === 'au' || country === 'nz') return COUNTRY_TIME_ZONES[country];
  if (isValidTimeZone(guessed)) return guessed;
  return FALLBACK_TIME_ZONE;
}

const DAY_MS = 86_400_000;

/** A wall-clock reading in some zone; month is 1–12. */
export interface ZonedDateTime {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
}

/** Making a formatter costs far more than using one (agronomy reads years of hours): one per zone. */
const wallClockFormats = new Map<string, Intl.DateTimeFormat>();

function wallClockFormat(timeZone: string): Intl.DateTimeFormat {
  let format = wallClockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    wallClockFormats.set(timeZone, format);
  }
  return format;
}

/** The wall clock in `timeZone` at instant `date`. Throws RangeError for an invalid date or zone. */
export function zonedDateTime(date: Date, timeZone: string): ZonedDateTime {
  const parts = wallClockFormat(timeZone).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes): number =>
    Number(parts.find((p) => p.type === type)?.value);
  return {
    year: part('year'),
    month: part('month'),
    day: part('day'),
    // Some engines still write midnight as 24 under h23.
    hour: part('hour') % 24,
    minute: part('minute'),
    second: part('second'),
  };
}

/** "06:14": the hour and minute of instant `at` (ms) on `timeZone`'s wall clock. */
export function wallClockTime(at: number, timeZone: string): string {
  const wall = zonedDateTime(new Date(at), timeZone);
  return `${String(wall.hour).padStart(2, '0')}:${String(wall.minute).padStart(2, '0')}`;
}

/** How far `timeZone`'s wall clock is ahead of UTC at instant `date`, in milliseconds. */
export function timeZoneOffsetMs(date: Date, timeZone: string): number {
  const wall = zonedDateTime(date, timeZone);
  const wallAsUtc = Date.UTC(
    wall.year,
    wall.month - 1,
    wall.day,
    wall.hour,
    wall.minute,
    wall.second,
  );
  const wholeSeconds = Math.floor(date.getTime() / 1000) * 1000;
  return wallAsUtc - wholeSeconds;
}

/**
 * The instant at which `timeZone`'s wall clock reads `wall`. A wall time skipped by a daylight-saving
 * jump is pushed forward by the gap (02:30 on a 02:00→03:00 night reads 03:30); a repeated one takes
 * its first occurrence.
 */
export function zonedTimeToInstant(
  wall: Pick<ZonedDateTime, 'year' | 'month' | 'day'> & Partial<ZonedDateTime>,
  timeZone: string,
): Date {
  const asUtc = Date.UTC(
    wall.year,
    wall.month - 1,
    wall.day,
    wall.hour ?? 0,
    wall.minute ?? 0,
    wall.second ?? 0,
  );
  // Real zones change offset at most once a day: the offsets a day either side bound the answer.
  const offsetBefore = timeZoneOffsetMs(new Date(asUtc - DAY_MS), timeZone);
  const offsetAfter = timeZoneOffsetMs(new Date(asUtc + DAY_MS), timeZone);
  const readsWall = (instant: number): boolean =>
    timeZoneOffsetMs(new Date(instant), timeZone) === asUtc - instant;
  const matches = [asUtc - offsetBefore, asUtc - offsetAfter].filter(readsWall);
  // No match: the wall time fell in a skipped gap, so read it with the offset from before the jump.
  return new Date(matches.length > 0 ? Math.min(...matches) : asUtc - offsetBefore);
}

/** 00:00 on 1 January of `now`'s year, as the site's wall clock reads it. */
export function startOfYearInTimeZone(now: Date, timeZone: string): Date {
  const { year } = zonedDateTime(now, timeZone);
  return zonedTimeToInstant({ year, month: 1, day: 1 }, timeZone);
}
