/**
 * Local times of the site's zone as the exports write them. One Intl formatter per zone (a
 * 3-year export formats thousands of instants; zonedDateTime builds a formatter per call).
 */
import { timeZoneOffsetMs, zonedTimeToInstant } from '@paddock/domain';

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let found = formatters.get(timeZone);
  if (!found) {
    found = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, found);
  }
  return found;
}

interface Wall {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
  second: string;
}

function wall(instant: number, timeZone: string): Wall {
  const out: Record<string, string> = {};
  for (const part of formatter(timeZone).formatToParts(instant)) out[part.type] = part.value;
  return {
    year: out.year ?? '',
    month: out.month ?? '',
    day: out.day ?? '',
    // Some engines still write midnight as 24 under h23.
    hour: out.hour === '24' ? '00' : (out.hour ?? ''),
    minute: out.minute ?? '',
    second: out.second ?? '',
  };
}

/** '2026-11-25 14:30' in the zone (the csv export's Time; seconds only when not zero). */
export function localDateTime(instant: number, timeZone: string): string {
  const w = wall(instant, timeZone);
  const seconds = w.second === '00' ? '' : `:${w.second}`;
  return `${w.year}-${w.month}-${w.day} ${w.hour}:${w.minute}${seconds}`;
}

/** '+13:00', '-03:30', '+00:00': the zone's offset from UTC at the instant. */
export function utcOffset(instant: number, timeZone: string): string {
  const minutes = Math.round(timeZoneOffsetMs(new Date(instant), timeZone) / 60_000);
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** ISO 8601 local time with its offset, e.g. '2026-11-25T14:30:00+13:00' (the advanced csv). */
export function isoWithOffset(instant: number, timeZone: string): string {
  const w = wall(instant, timeZone);
  return `${w.year}-${w.month}-${w.day}T${w.hour}:${w.minute}:${w.second}${utcOffset(instant, timeZone)}`;
}

/** Midnight at the start of a 'YYYY-MM-DD' day in the zone, epoch ms. */
export function startOfLocalDay(day: string, timeZone: string): number {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return zonedTimeToInstant({ year, month, day: date }, timeZone).getTime();
}

/** The 'YYYY-MM-DD' day of an instant in the zone. */
export function localDay(instant: number, timeZone: string): string {
  const w = wall(instant, timeZone);
  return `${w.year}-${w.month}-${w.day}`;
}

/** The day after a 'YYYY-MM-DD' day. */
export function nextDay(day: string): string {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, date + 1)).toISOString().slice(0, 10);
}

const QUARTER_HOUR_MS = 15 * 60_000;
/** Offsets (ms) by zone and quarter hour: zones change offset on a quarter-hour at the finest. */
const offsets = new Map<string, Map<number, number>>();

/** The zone's offset from UTC at the instant, from a cache of quarter hours. */
function cachedOffset(instant: number, timeZone: string): number {
  let byQuarter = offsets.get(timeZone);
  if (!byQuarter || byQuarter.size > 50_000) {
    byQuarter = new Map();
    offsets.set(timeZone, byQuarter);
  }
  const quarter = Math.floor(instant / QUARTER_HOUR_MS);
  let offset = byQuarter.get(quarter);
  if (offset === undefined) {
    offset = timeZoneOffsetMs(new Date(quarter * QUARTER_HOUR_MS), timeZone);
    byQuarter.set(quarter, offset);
  }
  return offset;
}

/**
 * A Date whose local fields read the zone's wall clock at the instant: what uPlot's tzDate
 * option wants. uPlot's own uPlot.tzDate builds a locale formatter on every call (toLocaleString),
 * which made a chart's first paint take over 100 ms; this one looks the offset up.
 */
export function wallClockDate(instant: number, timeZone: string): Date {
  const wall = new Date(instant + cachedOffset(instant, timeZone));
  return new Date(
    wall.getUTCFullYear(),
    wall.getUTCMonth(),
    wall.getUTCDate(),
    wall.getUTCHours(),
    wall.getUTCMinutes(),
    wall.getUTCSeconds(),
    wall.getUTCMilliseconds(),
  );
}
