/** Display rules of §9: last-update age, site date format, units, and small defaults. */
import { zonedDateTime } from './timezone.ts';

/**
 * How long ago a device last reported, for the UI to word and translate (§9 last-update display):
 * - no report: `{ unit: 'none', text: '--' }`;
 * - over 60 minutes: `{ unit: 'hour', value: '> 1' }`;
 * - over 1 minute: whole minutes, `{ unit: 'minute', value }` (so exactly 60 minutes is 60 minutes);
 * - else whole seconds, `{ unit: 'second', value }` (so exactly 60 s is 60 seconds).
 */
export type LastUpdateDisplay =
  | { readonly unit: 'none'; readonly text: '--' }
  | { readonly unit: 'hour'; readonly value: '> 1' }
  | { readonly unit: 'minute' | 'second'; readonly value: number };

const SECOND_MS = 1_000;
const MINUTE_MS = 60 * SECOND_MS;
const HOUR_MS = 60 * MINUTE_MS;

/**
 * The last-update display for `lastUpdate` (an instant, ISO text or epoch ms) seen at `now`.
 * Decision: a report time after `now` (clock skew) reads as 0 seconds.
 */
export function lastUpdateDisplay(
  lastUpdate: Date | string | number | null | undefined,
  now: Date,
): LastUpdateDisplay {
  if (lastUpdate === null || lastUpdate === undefined || lastUpdate === '') {
    return { unit: 'none', text: '--' };
  }
  const at = new Date(lastUpdate).getTime();
  if (Number.isNaN(at) || Number.isNaN(now.getTime())) return { unit: 'none', text: '--' };
  const ageMs = Math.max(0, now.getTime() - at);
  if (ageMs > HOUR_MS) return { unit: 'hour', value: '> 1' };
  if (ageMs > MINUTE_MS) return { unit: 'minute', value: Math.floor(ageMs / MINUTE_MS) };
  return { unit: 'second', value: Math.floor(ageMs / SECOND_MS) };
}

/** How site times are written: the site's local wall clock, to the minute. */
export const DATE_FORMAT = 'YYYY-MM-DD HH:mm';

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** `date` written as DATE_FORMAT in the site's zone. Throws RangeError for an invalid date or zone. */
export function formatSiteDateTime(date: Date, timeZone: string): string {
  const t = zonedDateTime(date, timeZone);
  return `${pad(t.year, 4)}-${pad(t.month)}-${pad(t.day)} ${pad(t.hour)}:${pad(t.minute)}`;
}

/** The region id used when a site names none. */
export const DEFAULT_REGION_ID = 1;

/** The ordinary site type (§9 "site types include 'site'"; others are not listed). */
export const SITE_TYPE = 'site';

/** Units of zone settings (§3): depth in millimetres, variation in percent, cycles counted in cl. */
export const SETTING_UNITS = {
  depth: 'mm',
  variation: '%',
  cycles: 'cl',
} as const;
