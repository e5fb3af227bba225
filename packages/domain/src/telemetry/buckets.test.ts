import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { zonedDateTime } from '../constants/timezone.ts';
import {
  bucketSeconds,
  isGridAlignedTo,
  SERIES_BUCKETS,
  SERIES_MAX_RANGE_MS,
  seriesBucketFor,
  seriesBucketStarts,
  seriesGrid,
} from './buckets.ts';
import { DAY, HOUR, MINUTE } from '../testing/durations.ts';

const YEAR = 365 * DAY;

const range = (from: string, to: string) => ({ from: new Date(from), to: new Date(to) });
const iso = (dates: Date[]) => dates.map((date) => date.toISOString());
const localTime = (date: Date, timeZone: string) => {
  const wall = zonedDateTime(date, timeZone);
  return `${wall.hour}:${String(wall.minute).padStart(2, '0')}`;
};

describe('the bucket for a span and a chart width', () => {
  it.each([
    ['30 minutes', 30 * MINUTE, 1000, { unit: 'minute', size: 1 }],
    ['3 hours', 3 * HOUR, 1000, { unit: 'minute', size: 1 }],
    ['a day', DAY, 1000, { unit: 'minute', size: 1 }],
    ['a day on a narrow chart', DAY, 100, { unit: 'minute', size: 10 }],
    ['3 days', 3 * DAY, 1000, { unit: 'minute', size: 5 }],
    ['a week', 7 * DAY, 1000, { unit: 'minute', size: 10 }],
    ['a month', 30 * DAY, 1000, { unit: 'minute', size: 30 }],
    ['a month on a wide chart', 30 * DAY, 4000, { unit: 'minute', size: 10 }],
    ['a year', YEAR, 1000, { unit: 'hour', size: 6 }],
    ['two years', 2 * YEAR, 1000, { unit: 'hour', size: 12 }],
    ['three years at 1200 px', 3 * YEAR, 1200, { unit: 'hour', size: 12 }],
    ['three years at 1000 px', 3 * YEAR, 1000, { unit: 'day', size: 1 }],
    ['three years at 100 px', 3 * YEAR, 100, { unit: 'week', size: 1 }],
    ['ten years at 100 px', 10 * YEAR, 100, { unit: 'month', size: 1 }],
    ['a century at 100 px', SERIES_MAX_RANGE_MS, 100, { unit: 'year', size: 1 }],
  ] as const)('%s at %d ms, %d px: %j', (_name, span, width, bucket) => {
    expect(seriesBucketFor(span, width)).toEqual(bucket);
  });

  it('buckets are listed smallest first, so the first that fits is the finest', () => {
    const lengths = SERIES_BUCKETS.map(bucketSeconds);
    expect(lengths).toEqual([...lengths].sort((a, b) => a - b));
    expect(new Set(lengths).size).toBe(lengths.length);
  });

  it.each([
    [{ unit: 'minute', size: 30 }, 1800],
    [{ unit: 'hour', size: 12 }, 43_200],
    [{ unit: 'day', size: 1 }, 86_400],
    [{ unit: 'week', size: 1 }, 604_800],
  ] as const)('%j is %d seconds long', (bucket, seconds) => {
    expect(bucketSeconds(bucket)).toBe(seconds);
  });
});

describe('the grid of a window', () => {
  it('widens a window to whole fixed buckets laid from local midnight', () => {
    // 13:07 NZDT to 01:07 the next day: 12 hours at 100 px → 5-minute buckets.
    const grid = seriesGrid(
      range('2026-11-21T00:07:30Z', '2026-11-21T12:07:30Z'),
      100,
      'Pacific/Auckland',
    );
    expect(grid).toMatchObject({ unit: 'minute', size: 5 });
    expect(grid.from.toISOString()).toBe('2026-11-21T00:05:00.000Z');
    expect(grid.to.toISOString()).toBe('2026-11-21T12:10:00.000Z');
    if (grid.unit !== 'minute') throw new Error('fixed grid expected');
    // Midnight of 21 November in Auckland (NZDT, +13).
    expect(grid.origin.toISOString()).toBe('2026-11-20T11:00:00.000Z');
  });

  it('keeps a window that already lies on bucket boundaries', () => {
    const grid = seriesGrid(range('2026-11-21T00:00:00Z', '2026-11-21T03:00:00Z'), 100, 'UTC');
    expect(iso([grid.from, grid.to])).toEqual([
      '2026-11-21T00:00:00.000Z',
      '2026-11-21T03:00:00.000Z',
    ]);
    expect(seriesBucketStarts(grid)).toHaveLength(180);
  });

  it('6-hour buckets read 00, 06, 12 and 18 on the site clock', () => {
    const grid = seriesGrid(
      range('2026-01-01T00:00:00Z', '2027-01-01T00:00:00Z'),
      1000,
      'Australia/Adelaide',
    );
    expect(grid).toMatchObject({ unit: 'hour', size: 6 });
    const starts = seriesBucketStarts(grid).slice(0, 4);
    expect(starts.map((start) => localTime(start, 'Australia/Adelaide'))).toEqual([
      '6:00',
      '12:00',
      '18:00',
      '0:00',
    ]);
  });

  it('day buckets start at Auckland midnight across the April DST end (a 25-hour day)', () => {
    const grid = seriesGrid(
      range('2026-03-01T00:00:00Z', '2026-06-30T00:00:00Z'),
      100,
      'Pacific/Auckland',
    );
    expect(grid).toMatchObject({ unit: 'day', size: 1 });
    const starts = seriesBucketStarts(grid);
    expect(starts.every((start) => localTime(start, 'Pacific/Auckland') === '0:00')).toBe(true);
    const day = (date: string) => starts.findIndex((start) => start.toISOString() === date);
    // 5 April 2026 starts at 00:00 NZDT (+13) and lasts until 00:00 NZST (+12) on the 6th.
    const fifth = day('2026-04-04T11:00:00.000Z');
    expect(starts[fifth + 1]?.toISOString()).toBe('2026-04-05T12:00:00.000Z');
    // The first bucket is the local day holding the window's start: 1 March 13:00 NZDT.
    expect(grid.from.toISOString()).toBe('2026-02-28T11:00:00.000Z');
    expect(grid.to.toISOString()).toBe('2026-06-30T12:00:00.000Z');
  });

  it('day buckets across the September DST start (a 23-hour day)', () => {
    const grid = seriesGrid(
      range('2026-09-01T00:00:00Z', '2026-12-31T00:00:00Z'),
      100,
      'Pacific/Auckland',
    );
    const starts = iso(seriesBucketStarts(grid));
    const at = starts.indexOf('2026-09-26T12:00:00.000Z'); // 27 Sep 00:00 NZST
    expect(starts[at + 1]).toBe('2026-09-27T11:00:00.000Z'); // 28 Sep 00:00 NZDT
  });

  it.each([
    ['week', 3 * YEAR, '2026-01-12'], // the Monday after Wednesday 7 January
    ['month', 10 * YEAR, '2026-02-01'],
    ['quarter', 30 * YEAR, '2026-04-01'],
    ['year', SERIES_MAX_RANGE_MS, '2027-01-01'],
  ] as const)('%s buckets start on their first local day', (unit, span, second) => {
    const from = new Date('2026-01-07T05:00:00Z');
    const grid = seriesGrid({ from, to: new Date(from.getTime() + span) }, 100, 'Pacific/Auckland');
    expect(grid.unit).toBe(unit);
    const [, next] = seriesBucketStarts(grid);
    if (!next) throw new Error('two buckets expected');
    const wall = zonedDateTime(next, 'Pacific/Auckland');
    expect(
      `${wall.year}-${String(wall.month).padStart(2, '0')}-${String(wall.day).padStart(2, '0')}`,
    ).toBe(second);
    expect(localTime(next, 'Pacific/Auckland')).toBe('0:00');
  });
});

describe('grids and 30-minute rollups', () => {
  // Spans that give hour, day and 10-minute buckets on a 1000 px chart.
  const halfYear = range('2026-01-01T00:00Z', '2026-07-01T00:00Z');
  const threeYears = range('2024-01-01T00:00Z', '2027-01-01T00:00Z');
  const week = range('2026-01-01T00:00Z', '2026-01-08T00:00Z');

  it.each([
    ['hour buckets in Auckland', true, halfYear, 'Pacific/Auckland'],
    ['day buckets in Auckland', true, threeYears, 'Pacific/Auckland'],
    ['day buckets in Adelaide (+9:30)', true, threeYears, 'Australia/Adelaide'],
    ['day buckets on the Chatham Islands (+12:45)', false, threeYears, 'Pacific/Chatham'],
    ['hour buckets on the Chatham Islands', false, halfYear, 'Pacific/Chatham'],
    ['10-minute buckets', false, week, 'UTC'],
  ])('%s: %s', (_name, aligned, span, timeZone) => {
    expect(isGridAlignedTo(seriesGrid(span, 1000, timeZone), 1800)).toBe(aligned);
  });
});

describe('grid properties', () => {
  const zones = fc.constantFrom(
    'UTC',
    'Pacific/Auckland',
    'Pacific/Chatham',
    'Australia/Lord_Howe',
    'Australia/Adelaide',
    'America/Santiago',
    'Europe/London',
  );
  const instant = fc.integer({
    min: Date.parse('1990-01-01T00:00:00Z'),
    max: Date.parse('2040-01-01T00:00:00Z'),
  });

  it('a fixed grid covers the window in at most 2 points per pixel, edge to edge', () => {
    fc.assert(
      fc.property(
        instant,
        fc.integer({ min: MINUTE, max: 60 * DAY }),
        fc.integer({ min: 100, max: 4000 }),
        zones,
        (from, span, width, timeZone) => {
          const window = { from: new Date(from), to: new Date(from + span) };
          const grid = seriesGrid(window, width, timeZone);
          if (grid.unit !== 'minute' && grid.unit !== 'hour') return;
          const length = grid.size * (grid.unit === 'minute' ? MINUTE : HOUR);
          expect(grid.from.getTime()).toBeLessThanOrEqual(from);
          expect(grid.from.getTime()).toBeGreaterThan(from - length);
          expect(grid.to.getTime()).toBeGreaterThanOrEqual(from + span);
          expect(grid.to.getTime()).toBeLessThan(from + span + length);
          expect((grid.to.getTime() - grid.from.getTime()) % length).toBe(0);
          expect((grid.to.getTime() - grid.from.getTime()) / length).toBeLessThanOrEqual(2 * width);
        },
      ),
    );
  });

  it('a calendar grid covers the window in at most 2 points per pixel, each at local midnight', () => {
    fc.assert(
      fc.property(
        instant,
        fc.integer({ min: 30 * DAY, max: 40 * YEAR }),
        fc.integer({ min: 100, max: 200 }),
        zones,
        (from, span, width, timeZone) => {
          const window = { from: new Date(from), to: new Date(from + span) };
          const grid = seriesGrid(window, width, timeZone);
          if (grid.unit === 'minute' || grid.unit === 'hour') return;
          const starts = seriesBucketStarts(grid);
          expect(starts.length).toBeLessThanOrEqual(2 * width);
          expect(starts[0]?.getTime()).toBeLessThanOrEqual(from);
          expect(starts[1]?.getTime() ?? grid.to.getTime()).toBeGreaterThan(from);
          expect(grid.to.getTime()).toBeGreaterThanOrEqual(from + span);
          for (const start of starts) {
            const wall = zonedDateTime(start, timeZone);
            // Midnight, or the first minute after a DST jump that skipped it (Santiago).
            expect(wall.hour === 0 || wall.hour === 1).toBe(true);
            expect(wall.minute).toBe(0);
          }
        },
      ),
      { numRuns: 30 },
    );
    // Each bucket start is a few Intl calls: slow enough to pass the default timeout on a busy machine.
  }, 30_000);
});
