/**
 * The season dialog's bridge between the stored DDMM texts (§3 config.season) and the date
 * pickers' 'YYYY-MM-DD' values. Which year a day-month falls in is the domain's `seasonDates`.
 */
import { defaultSeason, seasonDates, type Season, type SeasonInput } from '@paddock/domain';

export interface SeasonPickerValues {
  readonly start: string | null;
  readonly end: string | null;
}

function isoDay(date: Date | null): string | null {
  if (date === null) return null;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

/**
 * The pickers' first values: the saved season, or the domain's default season when none is saved
 * (§5), placed in the year of `now` in the site's time zone.
 */
export function initialSeasonValues(
  saved: Season | undefined,
  now: Date,
  timeZone?: string,
): SeasonPickerValues {
  const season = saved ?? defaultSeason(now, timeZone);
  const dates = seasonDates(season, now, timeZone);
  return { start: isoDay(dates.start), end: isoDay(dates.end) };
}

/** A picker value 'YYYY-MM-DD' as the stored DDMM; null when nothing is picked. */
export function dayMonthOfPicked(value: string | null): string | null {
  const match = value === null ? null : /^\d{4}-(\d{2})-(\d{2})/.exec(value);
  return match ? `${match[2]}${match[1]}` : null;
}

/** What validateSeason reads from the pickers. */
export function seasonInputOf(values: SeasonPickerValues): SeasonInput {
  return { start: dayMonthOfPicked(values.start), end: dayMonthOfPicked(values.end) };
}
