import { describe, expect, it } from 'vitest';
import { dayMonthOfPicked, initialSeasonValues, seasonInputOf } from './season-dates.ts';

const now = new Date('2026-03-15T00:00:00Z');

describe('§5 season dialog values', () => {
  it('shows the saved season, the end in the next year when it wraps', () => {
    expect(initialSeasonValues({ start: '0109', end: '3004' }, now, 'Pacific/Auckland')).toEqual({
      start: '2026-09-01',
      end: '2027-04-30',
    });
  });

  it('falls back to the default season (1 September to 31 May) when none is saved', () => {
    expect(initialSeasonValues(undefined, now)).toEqual({ start: '2026-09-01', end: '2027-05-31' });
  });

  it('stores the picked day and month only', () => {
    expect(dayMonthOfPicked('2027-02-28')).toBe('2802');
    expect(dayMonthOfPicked(null)).toBeNull();
    expect(seasonInputOf({ start: '2026-10-01', end: null })).toEqual({ start: '0110', end: null });
  });
});
