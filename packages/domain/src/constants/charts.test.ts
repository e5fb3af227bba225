import { describe, expect, it } from 'vitest';
import {
  CHART_INTERVALS,
  CHART_OPTIONS,
  chartIntervalName,
  chartIntervalRange,
  chartIntervalSchema,
  chartOptionSchema,
  DEFAULT_CHART_INTERVAL,
  DEFAULT_CHART_OPTION,
  DEFAULT_CHART_TYPE,
  EMPTY_CHART_TEXT,
  FAN_METRIC_LABELS,
} from './charts.ts';
import { DAY, HOUR, MINUTE } from '../testing/durations.ts';

describe('§9 chart intervals', () => {
  it.each([
    ['day', 0],
    ['week', 1],
    ['month', 2],
    ['year', 3],
    ['lastTwoYears', 4],
    ['lastThreeDays', 6],
    ['lastThirtyMinutes', 7],
    ['lastThreeHours', 8],
    ['yearToDate', 100],
  ] as const)('%s is %d and reads back by name', (name, code) => {
    expect(CHART_INTERVALS[name]).toBe(code);
    expect(chartIntervalName(code)).toBe(name);
  });

  it('defaults to month (2)', () => {
    expect(DEFAULT_CHART_INTERVAL).toBe(2);
  });

  it.each([
    [0, true],
    [8, true],
    [100, true],
    [5, false],
    [9, false],
    ['2', false],
    [null, false],
  ])('stored interval %j parses: %s', (value, ok) => {
    expect(chartIntervalSchema.safeParse(value).success).toBe(ok);
  });
});

describe('§9 chart options and defaults', () => {
  it('average is 1, high-low 2, default average', () => {
    expect(CHART_OPTIONS).toEqual({ average: 1, highLow: 2 });
    expect(DEFAULT_CHART_OPTION).toBe(1);
  });

  it.each([
    [1, true],
    [2, true],
    [0, false],
    [3, false],
  ])('stored option %j parses: %s', (value, ok) => {
    expect(chartOptionSchema.safeParse(value).success).toBe(ok);
  });

  it('default chart type is irrigation monthly', () => {
    expect(DEFAULT_CHART_TYPE).toBe('irrigationMonthly');
  });

  it('§8 empty chart text', () => {
    expect(EMPTY_CHART_TEXT).toBe('No data to display');
  });

  it('fan metric labels in the order of §9', () => {
    expect(Object.values(FAN_METRIC_LABELS)).toEqual([
      'Battery (V)',
      'RPM',
      'Wind Speed (kph)',
      'Fuel Level (%)',
      'Trip (hrs)',
      'Total (hrs)',
      'Oil pressure (kpa)',
      'Coolant temperature',
      'Torque (%)',
      'Canopy offset',
      'Tower offset',
      'Backup offset',
    ]);
  });
});

describe('§9 chart interval range', () => {
  const now = new Date('2024-06-15T12:34:56.789Z');

  it.each([
    ['day', CHART_INTERVALS.day, DAY],
    ['week', CHART_INTERVALS.week, 7 * DAY],
    ['month (30 days)', CHART_INTERVALS.month, 30 * DAY],
    ['year (365 days)', CHART_INTERVALS.year, 365 * DAY],
    ['last 2 years (730 days)', CHART_INTERVALS.lastTwoYears, 730 * DAY],
    ['last 3 days', CHART_INTERVALS.lastThreeDays, 3 * DAY],
    ['last 30 minutes', CHART_INTERVALS.lastThirtyMinutes, 30 * MINUTE],
    ['last 3 hours', CHART_INTERVALS.lastThreeHours, 3 * HOUR],
  ])('%s reaches back a fixed span to now', (_name, interval, span) => {
    const { from, to } = chartIntervalRange(interval, now);
    expect(to.getTime()).toBe(now.getTime());
    expect(to.getTime() - from.getTime()).toBe(span);
  });

  it('does not hand back the caller’s now object', () => {
    expect(chartIntervalRange(CHART_INTERVALS.day, now).to).not.toBe(now);
  });

  it.each([
    // Auckland is UTC+12 in winter (NZST) and UTC+13 in summer (NZDT, so 1 January).
    ['Pacific/Auckland', '2024-06-15T12:00:00Z', '2023-12-31T11:00:00.000Z'],
    ['Australia/Melbourne', '2024-06-15T12:00:00Z', '2023-12-31T13:00:00.000Z'],
    ['UTC', '2024-06-15T12:00:00Z', '2024-01-01T00:00:00.000Z'],
    // Already 2025 in Auckland while UTC is still on 31 December 2024.
    ['Pacific/Auckland', '2024-12-31T12:00:00Z', '2024-12-31T11:00:00.000Z'],
    // Still 2024 in Los Angeles while UTC is on 1 January 2025.
    ['America/Los_Angeles', '2025-01-01T05:00:00Z', '2024-01-01T08:00:00.000Z'],
  ])('year to date in %s at %s starts at %s', (timeZone, at, start) => {
    const { from, to } = chartIntervalRange(CHART_INTERVALS.yearToDate, new Date(at), timeZone);
    expect(from.toISOString()).toBe(start);
    expect(to.toISOString()).toBe(new Date(at).toISOString());
  });

  it('year to date without a zone starts at 1 January UTC', () => {
    expect(chartIntervalRange(CHART_INTERVALS.yearToDate, now).from.toISOString()).toBe(
      '2024-01-01T00:00:00.000Z',
    );
  });

  it('year to date in an unknown zone throws', () => {
    expect(() => chartIntervalRange(CHART_INTERVALS.yearToDate, now, 'Mars/Olympus')).toThrow(
      RangeError,
    );
  });
});
