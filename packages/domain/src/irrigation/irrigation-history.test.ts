import { describe, expect, it } from 'vitest';
import { irrigationHistoryQuerySchema } from '../contract/irrigation-history.ts';
import {
  appliedDepthMm,
  daysBetween,
  defaultHistoryRange,
  historyPeriods,
  meterVolumesByDay,
  summariseIrrigationHistory,
  targetDepthMm,
} from './irrigation-history.ts';

const H = 3_600_000;
const TZ = 'Pacific/Auckland';
/** 2026-10-31T23:30 in Auckland (NZDT, +13): the last half hour of October there. */
const LATE_OCTOBER = Date.UTC(2026, 9, 31, 10, 30);

describe('appliedDepthMm', () => {
  it.each([
    ['an hour at 5 mm/h', H, 5, 5],
    ['90 minutes at 4 mm/h', 1.5 * H, 4, 6],
    ['no rate: the default 5 mm/h', 2 * H, undefined, 10],
    ['no runtime', 0, 5, 0],
    ['a negative runtime counts as none', -H, 5, 0],
  ])('%s', (_, runtime, rate, depth) => {
    expect(appliedDepthMm(runtime, rate)).toBe(depth);
  });
});

describe('targetDepthMm', () => {
  it.each([
    ['no variation', { depth: 10, variation: 0 }, 10],
    ['+20 %', { depth: 10, variation: 20 }, 12],
    ['-50 %', { depth: 8, variation: -50 }, 4],
    ['-100 % or less gives nothing', { depth: 8, variation: -120 }, 0],
  ])('%s', (_, setting, depth) => {
    expect(targetDepthMm(setting)).toBeCloseTo(depth, 9);
  });
});

describe('ranges and periods', () => {
  it.each([
    ['mid-month', '2026-11-28', { from: '2026-09-01', to: '2026-12-01' }],
    ['across a new year', '2026-01-15', { from: '2025-11-01', to: '2026-02-01' }],
    ['on the last day of a year', '2026-12-31', { from: '2026-10-01', to: '2027-01-01' }],
  ])('opens on the current month and the two before: %s', (_, today, range) => {
    expect(defaultHistoryRange(today)).toEqual(range);
  });

  it.each([
    [
      'months',
      { from: '2026-09-01', to: '2026-12-01' },
      'month',
      ['2026-09', '2026-10', '2026-11'],
    ],
    [
      'a month cut short',
      { from: '2026-09-20', to: '2026-10-02' },
      'month',
      ['2026-09', '2026-10'],
    ],
    [
      'days',
      { from: '2026-02-27', to: '2026-03-02' },
      'day',
      ['2026-02-27', '2026-02-28', '2026-03-01'],
    ],
    ['an empty range', { from: '2026-03-02', to: '2026-03-02' }, 'day', []],
  ] as const)('lists every period: %s', (_, range, interval, periods) => {
    expect(historyPeriods(range, interval)).toEqual(periods);
  });

  it.each([
    ['2026-09-01', '2026-12-01', 91],
    ['2026-03-28', '2026-03-30', 2],
    ['2026-01-01', '2027-01-01', 365],
  ])('counts days from %s to %s', (from, to, days) => {
    expect(daysBetween(from, to)).toBe(days);
  });
});

describe('summariseIrrigationHistory', () => {
  const settings = [{ id: 1, depth: 10, variation: 20, applicationRate: 4 }];
  const runs = [
    // Zone 1: two hours on 1 October, one hour starting at 23:30 on 31 October (local).
    { zoneId: 1, start: Date.UTC(2026, 8, 30, 14), end: Date.UTC(2026, 8, 30, 16) },
    { zoneId: 1, start: LATE_OCTOBER, end: LATE_OCTOBER + H },
    // Zone 2 has no program setting: the default rate, no target.
    { zoneId: 2, start: Date.UTC(2026, 10, 2, 14), end: Date.UTC(2026, 10, 2, 14, 30) },
  ];
  /** Zone 2's half hour, alone in its period whether by month or by day: 2.5 mm at 5 mm/h, no meter. */
  const zoneTwoRun = (period: string) => ({
    period,
    zoneId: 2,
    runs: 1,
    runtimeMs: H / 2,
    applied: 2.5,
    target: null,
    volume: null,
  });

  it.each([
    [
      'month',
      [
        {
          period: '2026-10',
          zoneId: 1,
          runs: 2,
          runtimeMs: 3 * H,
          applied: 12,
          target: 24,
          volume: 7.5,
        },
        zoneTwoRun('2026-11'),
      ],
    ],
    [
      'day',
      [
        {
          period: '2026-10-01',
          zoneId: 1,
          runs: 1,
          runtimeMs: 2 * H,
          applied: 8,
          target: 12,
          volume: 5,
        },
        {
          period: '2026-10-31',
          zoneId: 1,
          runs: 1,
          runtimeMs: H,
          applied: 4,
          target: 12,
          volume: 2.5,
        },
        zoneTwoRun('2026-11-03'),
      ],
    ],
  ] as const)('per zone per %s, a run in the local period it started', (interval, rows) => {
    const volumes = new Map([
      [
        1,
        new Map([
          ['2026-10-01', 5],
          ['2026-10-31', 2.5],
        ]),
      ],
    ]);
    const result = summariseIrrigationHistory({ runs, volumes, settings, timeZone: TZ, interval });
    expect(
      result.map((row) => ({ ...row, target: row.target === null ? null : round(row.target) })),
    ).toEqual(rows);
  });

  it('keeps metered water of a zone with no run in the range', () => {
    const volumes = new Map([[3, new Map([['2026-10-05', 1.25]])]]);
    expect(
      summariseIrrigationHistory({ runs: [], volumes, settings, timeZone: TZ, interval: 'month' }),
    ).toEqual([
      {
        period: '2026-10',
        zoneId: 3,
        runs: 0,
        runtimeMs: 0,
        applied: 0,
        target: null,
        volume: 1.25,
      },
    ]);
  });
});

describe('meterVolumesByDay', () => {
  it('shares each interval among the runs by the hours each ran, across windows', () => {
    const start = Date.UTC(2026, 9, 4, 12);
    // 300 ten-minute totals (windows of 144), 1 m³ each; zone 1 runs 20 h→28 h after the first,
    // across the first window's end, zone 2 with it for the last two of those hours.
    const meter = Array.from({ length: 301 }, (_, i) => ({ time: start + i * 600_000, total: i }));
    const volumes = meterVolumesByDay(
      [meter],
      [
        { zoneId: 1, start: start + 20 * H, end: start + 28 * H },
        { zoneId: 2, start: start + 26 * H, end: start + 28 * H },
      ],
      'UTC',
    );
    expect(volumes.get(1)?.get('2026-10-05')).toBeCloseTo(36 + 6, 9);
    expect(volumes.get(2)?.get('2026-10-05')).toBeCloseTo(6, 9);
    expect([...volumes.keys()]).toEqual([1, 2]);
  });
});

describe('irrigationHistoryQuerySchema', () => {
  it.each([
    ['nothing: three months by month', {}, true],
    ['a month by day', { from: '2026-10-01', to: '2026-11-01', interval: 'day' }, true],
    ['a zone', { section: '12' }, true],
    ['from without to', { from: '2026-10-01' }, false],
    ['to before from', { from: '2026-10-01', to: '2026-09-01' }, false],
    ['no such date', { from: '2026-02-30', to: '2026-03-02' }, false],
    ['more than 366 days', { from: '2025-01-01', to: '2026-01-03' }, false],
    ['an unknown interval', { interval: 'week' }, false],
    ['a section that is no id', { section: 'x' }, false],
  ])('%s', (_, query, valid) => {
    expect(irrigationHistoryQuerySchema.safeParse(query).success).toBe(valid);
  });

  it.each([
    [{ from: '2026-10-01' }, 'to'],
    [{ to: '2026-10-01' }, 'from'],
    [{ from: '2026-10-01', to: '2026-10-01' }, 'to'],
    [{ from: 'October', to: '2026-10-01' }, 'from'],
  ])('names the field at fault in %j', (query, field) => {
    const result = irrigationHistoryQuerySchema.safeParse(query);
    expect(result.error?.issues[0]?.path).toEqual([field]);
  });
});

const round = (value: number) => Math.round(value * 1000) / 1000;
