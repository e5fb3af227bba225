import { describe, expect, it } from 'vitest';
import { SEASON_END_REQUIRED, SEASON_START_REQUIRED } from './messages.ts';
import { dayMonthOf, defaultSeason, seasonDates, validateSeason } from './season.ts';
import type { SeasonInput } from './season.ts';

const utc = (y: number, m: number, d: number, h = 0): Date => new Date(Date.UTC(y, m - 1, d, h));

describe('§5 season: start required, end required', () => {
  it.each<[SeasonInput, Record<string, string> | null]>([
    [{ start: '0109', end: '3105' }, null],
    [{ start: '2902', end: '0103' }, null],
    [{ start: '', end: '3105' }, { start: SEASON_START_REQUIRED }],
    [{ start: '0109', end: null }, { end: SEASON_END_REQUIRED }],
    [{}, { start: SEASON_START_REQUIRED, end: SEASON_END_REQUIRED }],
    [{ start: '3002', end: '3105' }, { start: SEASON_START_REQUIRED }],
    [{ start: '0109', end: '0013' }, { end: SEASON_END_REQUIRED }],
    [{ start: '109', end: '3105' }, { start: SEASON_START_REQUIRED }],
  ])('%j → %j', (input, errors) => {
    const result = validateSeason(input);
    if (errors === null) expect(result).toEqual({ ok: true, value: input });
    else expect(result).toEqual({ ok: false, errors });
  });

  it('messages are the spec’s', () => {
    expect(SEASON_START_REQUIRED).toBe('Season start date is required');
    expect(SEASON_END_REQUIRED).toBe('Season end date is required');
  });
});

describe('§5 default season: start 8 months after start of year; end at the end of the month 8 months after', () => {
  it.each<[string, Date, string | undefined]>([
    ['mid-year', utc(2026, 6, 15), undefined],
    ['first instant of the year', utc(2026, 1, 1), undefined],
    ['leap year', utc(2028, 3, 1), undefined],
    ['with the site time zone', utc(2026, 6, 15), 'Pacific/Auckland'],
  ])('%s → 1 September to 31 May', (_label, now, timeZone) => {
    expect(defaultSeason(now, timeZone)).toEqual({ start: '0109', end: '3105' });
  });

  it('the year is read in the site time zone: 31 Dec 23:00 UTC is already next year in Auckland', () => {
    const now = utc(2026, 12, 31, 23);
    const nz = seasonDates(defaultSeason(now, 'Pacific/Auckland'), now, 'Pacific/Auckland');
    expect(nz.start?.getUTCFullYear()).toBe(2027);
    expect(seasonDates(defaultSeason(now), now).start?.getUTCFullYear()).toBe(2026);
  });
});

describe('§5 season as dates for the day-month pickers', () => {
  // Start and end as DDMM, the year of `now` (taken at 1 June), then the expected UTC midnights.
  it.each<[string, string | undefined, string | undefined, number, string | null, string | null]>([
    ['across New Year', '0109', '3105', 2026, '2026-09-01', '2027-05-31'],
    ['within a year', '0103', '3010', 2026, '2026-03-01', '2026-10-30'],
    ['same day ends a year later', '0109', '0109', 2026, '2026-09-01', '2027-09-01'],
    ['29 February in a non-leap year becomes 28', '2902', '0103', 2026, '2026-02-28', '2026-03-01'],
    ['29 February kept in a leap year', '2902', '0103', 2028, '2028-02-29', '2028-03-01'],
    ['missing end', '0109', undefined, 2026, '2026-09-01', null],
    ['malformed start', 'abcd', '3105', 2026, null, '2026-05-31'],
  ])('%s', (_label, start, end, year, startDate, endDate) => {
    const date = (day: string | null) => (day === null ? null : new Date(day));
    expect(seasonDates({ start, end }, utc(year, 6, 1))).toEqual({
      start: date(startDate),
      end: date(endDate),
    });
  });

  it.each(['0109', '3105', '2902', '3112', '0101'])('%s round-trips through a date', (dayMonth) => {
    const { start } = seasonDates({ start: dayMonth }, utc(2028, 1, 1));
    expect(start && dayMonthOf(start)).toBe(dayMonth);
  });
});
