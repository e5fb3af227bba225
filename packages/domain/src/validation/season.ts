/**
 * §5 Season: a site's season is stored as day and month only, as DDMM strings (§3 `config.season`),
 * and edited with two date pickers that show day and month.
 */
import { isDayMonth } from '../entities/site.ts';
import type { DayMonth, Season } from '../entities/site.ts';
import { SEASON_END_REQUIRED, SEASON_START_REQUIRED } from './messages.ts';
import { toResult } from './result.ts';
import type { FieldErrors, ValidationResult } from './result.ts';

/** What the season dialog holds before saving: either picker may still be empty. */
export interface SeasonInput {
  readonly start?: DayMonth | null;
  readonly end?: DayMonth | null;
}

/** Default season start, counted in months from the start of the year (§5). */
export const DEFAULT_SEASON_START_MONTHS = 8;
/** The default season ends at the end of the month this many months after its start (§5). */
export const DEFAULT_SEASON_LENGTH_MONTHS = 8;

/** 'DDMM' of a date, read in UTC (the dates {@link seasonDates} returns are UTC midnights). */
export function dayMonthOf(date: Date): DayMonth {
  return pad2(date.getUTCDate()) + pad2(date.getUTCMonth() + 1);
}

/**
 * §5: start and end are both required. A value that is not a real DDMM day counts as not chosen,
 * so it gets the same "required" message.
 */
export function validateSeason(input: SeasonInput): ValidationResult<Season> {
  const start = input.start ?? '';
  const end = input.end ?? '';
  const errors: FieldErrors<keyof Season> = {};
  if (!isDayMonth(start)) errors.start = SEASON_START_REQUIRED;
  if (!isDayMonth(end)) errors.end = SEASON_END_REQUIRED;
  return toResult({ start, end }, errors);
}

/**
 * §5: the season when none is saved — "start 8 months after start of year; end is end of the
 * month 8 months after that": 1 September to 31 May. The year (which only matters for February)
 * is the year of `now` in the site's time zone, UTC when none is given.
 */
export function defaultSeason(now: Date, timeZone?: string): Season {
  const year = yearIn(now, timeZone);
  const start = new Date(Date.UTC(year, DEFAULT_SEASON_START_MONTHS, 1));
  const endMonthIndex = DEFAULT_SEASON_START_MONTHS + DEFAULT_SEASON_LENGTH_MONTHS;
  // Day 0 of the following month is the last day of the end month.
  const end = new Date(Date.UTC(year, endMonthIndex + 1, 0));
  return { start: dayMonthOf(start), end: dayMonthOf(end) };
}

/**
 * Concrete dates for the day-month pickers, as UTC midnights (read them with UTC getters or
 * {@link dayMonthOf}). The start falls in the year of `now`; the end in the same year when it
 * comes later in the calendar, otherwise in the next year (a season across New Year). 29 February
 * in a non-leap year becomes 28 February. A missing or malformed side is null.
 */
export function seasonDates(
  season: SeasonInput,
  now: Date,
  timeZone?: string,
): { start: Date | null; end: Date | null } {
  const year = yearIn(now, timeZone);
  const start = parseDayMonth(season.start ?? '');
  const end = parseDayMonth(season.end ?? '');
  const crossesYear =
    start !== null && end !== null && end.month * 100 + end.day <= start.month * 100 + start.day;
  return {
    start: start === null ? null : utcDate(year, start),
    end: end === null ? null : utcDate(crossesYear ? year + 1 : year, end),
  };
}

/** Day (1–31) and month (1–12) of a DDMM text; null unless it is a real day-month (§3). */
function parseDayMonth(text: string): { day: number; month: number } | null {
  if (!isDayMonth(text)) return null;
  return { day: Number(text.slice(0, 2)), month: Number(text.slice(2, 4)) };
}

function utcDate(year: number, { day, month }: { day: number; month: number }): Date {
  return new Date(Date.UTC(year, month - 1, Math.min(day, daysInMonth(year, month))));
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function yearIn(now: Date, timeZone: string | undefined): number {
  if (timeZone === undefined) return now.getUTCFullYear();
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric' }).formatToParts(now);
  return Number(parts.find((part) => part.type === 'year')?.value ?? now.getUTCFullYear());
}

function pad2(value: number): string {
  return String(value).padStart(2, '0');
}
