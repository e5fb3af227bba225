/**
 * A frost night in the site's zone: from local noon to the next local noon, so a night's cold
 * hours (dusk to after sunrise) fall in one night, named by the date it began.
 */
import { zonedDateTime, zonedTimeToInstant } from '../constants/timezone.ts';

export interface FrostNightRange {
  readonly from: Date;
  readonly to: Date;
}

/** The night that began on local date `night` (YYYY-MM-DD). */
export function frostNightRange(night: string, timeZone: string): FrostNightRange {
  const [year, month, day] = night.split('-').map(Number) as [number, number, number];
  const from = zonedTimeToInstant({ year, month, day, hour: 12 }, timeZone);
  const next = new Date(Date.UTC(year, month - 1, day + 1));
  const to = zonedTimeToInstant(
    {
      year: next.getUTCFullYear(),
      month: next.getUTCMonth() + 1,
      day: next.getUTCDate(),
      hour: 12,
    },
    timeZone,
  );
  return { from, to };
}

/** The local date (YYYY-MM-DD) of the night an instant belongs to. */
export function frostNightOf(instant: Date, timeZone: string): string {
  const wall = zonedDateTime(instant, timeZone);
  const date = new Date(Date.UTC(wall.year, wall.month - 1, wall.day - (wall.hour < 12 ? 1 : 0)));
  return date.toISOString().slice(0, 10);
}

/** The start of the frost night `now` lies in. */
export function frostNightStart(now: Date, timeZone: string): Date {
  return frostNightRange(frostNightOf(now, timeZone), timeZone).from;
}
