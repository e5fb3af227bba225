/**
 * Local days in a site's zone: the day a time falls in, a day's bounds (23, 24 or 25 hours on a
 * daylight-saving change), and the water year (reg 3: 1 July to 30 June).
 */
import { z } from 'zod';
import { zonedDateTime, zonedTimeToInstant } from '../constants/timezone.ts';

const DAY_MS = 86_400_000;

/** A calendar date, YYYY-MM-DD, that exists. */
export const calendarDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'A date is written YYYY-MM-DD')
  .refine((text) => {
    const [year, month, day] = text.split('-').map(Number) as [number, number, number];
    const date = new Date(Date.UTC(year, month - 1, day));
    return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1;
  }, 'No such date');

const parts = (date: string) => date.split('-').map(Number) as [number, number, number];
const pad = (value: number) => String(value).padStart(2, '0');

/** The date `days` after (or before) `date`. */
export function addDays(date: string, days: number): string {
  const [year, month, day] = parts(date);
  const next = new Date(Date.UTC(year, month - 1, day + days));
  return `${next.getUTCFullYear()}-${pad(next.getUTCMonth() + 1)}-${pad(next.getUTCDate())}`;
}

/** Every date from `from` to `to`, both included. */
export function datesBetween(from: string, to: string): string[] {
  const dates: string[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) dates.push(date);
  return dates;
}

/** The local date of an instant in the zone. */
export function localDateOf(time: number, timeZone: string): string {
  const wall = zonedDateTime(new Date(time), timeZone);
  return `${wall.year}-${pad(wall.month)}-${pad(wall.day)}`;
}

/** A local day's start (local midnight) and end (the next local midnight), in ms. */
export function localDayBounds(date: string, timeZone: string): { start: number; end: number } {
  const at = (text: string) => {
    const [year, month, day] = parts(text);
    return zonedTimeToInstant({ year, month, day }, timeZone).getTime();
  };
  const start = at(date);
  const end = at(addDays(date, 1));
  if (!(end > start && end - start <= DAY_MS + 3_600_000)) {
    throw new RangeError(`${date} has no local day in ${timeZone}`);
  }
  return { start, end };
}

export type WaterYear = { label: string; start: string; end: string };

/** The water year a date falls in (reg 3: 1 July to 30 June), e.g. 2026-27. */
export function waterYearOf(date: string): WaterYear {
  const [year, month] = parts(date);
  const first = month >= 7 ? year : year - 1;
  return {
    label: `${first}-${String((first + 1) % 100).padStart(2, '0')}`,
    start: `${first}-07-01`,
    end: `${first + 1}-06-30`,
  };
}
