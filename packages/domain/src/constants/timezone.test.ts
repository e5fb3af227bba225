import { describe, expect, it } from 'vitest';
import {
  isValidTimeZone,
  siteTimeZone,
  startOfYearInTimeZone,
  timeZoneOffsetMs,
  zonedDateTime,
  zonedTimeToInstant,
} from './timezone.ts';
import { HOUR } from '../testing/durations.ts';

describe('§9 site timezone: configured, else country, else guessed', () => {
  it.each([
    ['configured wins', { timezone: 'Asia/Tokyo' }, 'nz', 'Europe/Berlin', 'Asia/Tokyo'],
    ['nz maps to Auckland', {}, 'nz', 'Europe/Berlin', 'Pacific/Auckland'],
    ['au maps to Melbourne', {}, 'au', undefined, 'Australia/Melbourne'],
    ['country tag in capitals', {}, 'AU', undefined, 'Australia/Melbourne'],
    ['unknown country falls to the guess', {}, 'us', 'America/Chicago', 'America/Chicago'],
    ['no config at all', undefined, undefined, 'Europe/Berlin', 'Europe/Berlin'],
    ['null config and timezone', { timezone: null }, null, null, 'UTC'],
    [
      'bad configured zone is skipped',
      { timezone: 'Middle/Earth' },
      'nz',
      undefined,
      'Pacific/Auckland',
    ],
    ['empty configured zone is skipped', { timezone: '' }, 'au', undefined, 'Australia/Melbourne'],
    ['bad guess is skipped', {}, undefined, 'Not/AZone', 'UTC'],
    ['nothing known', {}, undefined, undefined, 'UTC'],
  ])('%s', (_name, config, country, guessed, zone) => {
    expect(siteTimeZone(config, country, guessed)).toBe(zone);
  });
});

describe('§9 time zone arithmetic', () => {
  it.each([
    ['Pacific/Auckland', true],
    ['UTC', true],
    ['Mars/Olympus', false],
    ['', false],
    [null, false],
    [undefined, false],
  ])('%s is a valid zone: %s', (zone, ok) => {
    expect(isValidTimeZone(zone)).toBe(ok);
  });

  it('reads the wall clock of a zone', () => {
    expect(zonedDateTime(new Date('2024-06-15T12:00:00Z'), 'Pacific/Auckland')).toEqual({
      year: 2024,
      month: 6,
      day: 16,
      hour: 0,
      minute: 0,
      second: 0,
    });
  });

  it.each([
    ['Pacific/Auckland', '2024-06-15T00:00:00Z', 12 * HOUR],
    ['Pacific/Auckland', '2024-01-15T00:00:00Z', 13 * HOUR],
    ['Australia/Melbourne', '2024-06-15T00:00:00Z', 10 * HOUR],
    ['America/New_York', '2024-01-15T00:00:00Z', -5 * HOUR],
    ['Asia/Kolkata', '2024-01-15T00:00:00Z', 5.5 * HOUR],
    ['UTC', '2024-01-15T00:00:00.999Z', 0],
  ])('offset of %s at %s', (zone, iso, offset) => {
    expect(timeZoneOffsetMs(new Date(iso), zone)).toBe(offset);
  });

  it.each([
    ['Pacific/Auckland', { year: 2024, month: 7, day: 1, hour: 8 }, '2024-06-30T20:00:00.000Z'],
    ['Pacific/Auckland', { year: 2024, month: 1, day: 1 }, '2023-12-31T11:00:00.000Z'],
    // 29 Sept 2024: Auckland clocks jump from 02:00 to 03:00; 02:30 does not exist.
    [
      'Pacific/Auckland',
      { year: 2024, month: 9, day: 29, hour: 2, minute: 30 },
      '2024-09-28T14:30:00.000Z',
    ],
    // 7 Apr 2024: Auckland clocks fall back from 03:00 to 02:00; 02:30 happens twice, first at +13.
    [
      'Pacific/Auckland',
      { year: 2024, month: 4, day: 7, hour: 2, minute: 30 },
      '2024-04-06T13:30:00.000Z',
    ],
    ['America/New_York', { year: 2024, month: 3, day: 10, hour: 12 }, '2024-03-10T16:00:00.000Z'],
  ])('wall time in %s: %j is %s', (zone, wall, iso) => {
    expect(zonedTimeToInstant(wall, zone).toISOString()).toBe(iso);
  });

  it.each([
    ['Pacific/Auckland', '2024-01-01T00:00:00Z', '2023-12-31T11:00:00.000Z'],
    ['Pacific/Auckland', '2023-12-31T10:59:59Z', '2022-12-31T11:00:00.000Z'],
    ['Australia/Melbourne', '2024-03-01T00:00:00Z', '2023-12-31T13:00:00.000Z'],
    ['UTC', '2024-12-31T23:59:59Z', '2024-01-01T00:00:00.000Z'],
  ])('start of the year in %s at %s is %s', (zone, iso, start) => {
    expect(startOfYearInTimeZone(new Date(iso), zone).toISOString()).toBe(start);
  });
});
