import { describe, expect, it } from 'vitest';
import {
  batteryTrend,
  dailyMedians,
  recentSegmentStart,
  signalTrend,
  type Trend,
  type TrendReading,
} from './trend.ts';
import { DAY } from '../testing/durations.ts';

const NOW = new Date('2026-11-21T09:00:00.000Z');

/** One reading a day, `values[i]` at `values.length - 1 - i` days before now (oldest first). */
function daily(values: readonly number[]): TrendReading[] {
  return values.map((value, i) => ({ time: NOW.getTime() - (values.length - 1 - i) * DAY, value }));
}

/** `days` values from `start`, changing by `perDay`, oldest first. */
function line(start: number, perDay: number, days: number): number[] {
  return Array.from({ length: days }, (_, i) => Math.round((start + perDay * i) * 1e6) / 1e6);
}

/** 10 mV a day down from 3.5 V over 8 days, each day up to 30 mV off the line. */
const OFF_THE_LINE = [0.02, -0.03, 0.01, 0.03, -0.02, -0.01, 0.02, -0.02];
const noisy = line(3.5, -0.01, 8).map((value, i) => value + (OFF_THE_LINE[i] ?? 0));

const inDays = (days: number) => new Date(NOW.getTime() + days * DAY).toISOString();

/** The parts of a trend a case states, dates to the minute. */
function summary(trend: Trend) {
  const minute = (value: string | null) => (value === null ? null : value.slice(0, 16));
  return {
    state: trend.state,
    slopePerDay: trend.slopePerDay === null ? null : Math.round(trend.slopePerDay * 1e4) / 1e4 + 0,
    level: trend.level === null ? null : Math.round(trend.level * 1000) / 1000,
    days: trend.days,
    confidence: trend.confidence,
    crossings: trend.crossings.map((crossing) => ({
      level: crossing.level,
      crossed: crossing.crossed,
      at: minute(crossing.at),
    })),
  };
}

describe('batteryTrend: worked cases', () => {
  it.each([
    {
      name: 'two days of readings are too few to say anything',
      readings: daily([3.5, 3.4]),
      expected: {
        state: 'insufficient',
        slopePerDay: null,
        level: null,
        days: 2,
        confidence: null,
        crossings: [
          { level: 3.3, crossed: false, at: null },
          { level: 3, crossed: false, at: null },
        ],
      },
    },
    {
      name: 'a healthy cell sitting flat at 3.6 V for a month: no prediction',
      readings: daily(Array.from({ length: 30 }, (_, i) => (i % 2 === 0 ? 3.601 : 3.599))),
      expected: {
        state: 'flat',
        slopePerDay: 0,
        level: 3.599,
        days: 30,
        confidence: null,
        crossings: [
          { level: 3.3, crossed: false, at: null },
          { level: 3, crossed: false, at: null },
        ],
      },
    },
    {
      // 0.7 mV a day would put 3.3 V some 200 days out; the knee will come long before that.
      name: "a cell on its gentle pre-knee slope (0.7 mV/day) is flat: its date would be a year's guess",
      readings: daily(line(3.5, -0.0007, 30)),
      expected: {
        state: 'flat',
        slopePerDay: -0.0007,
        level: 3.48,
        days: 30,
        confidence: null,
        crossings: [
          { level: 3.3, crossed: false, at: null },
          { level: 3, crossed: false, at: null },
        ],
      },
    },
    {
      // 3.60 V 20 days ago, 10 mV a day: 3.40 V now, 3.3 V in 10 days, 3.0 V in 40.
      name: 'a steady fall of 10 mV a day over three weeks',
      readings: daily(line(3.6, -0.01, 21)),
      expected: {
        state: 'falling',
        slopePerDay: -0.01,
        level: 3.4,
        days: 21,
        confidence: 'high',
        crossings: [
          { level: 3.3, crossed: false, at: inDays(10).slice(0, 16) },
          { level: 3, crossed: false, at: inDays(40).slice(0, 16) },
        ],
      },
    },
    {
      // Flat at 3.55 V for 22 days, then past the knee 30 mV a day for the last 8: 3.34 V now.
      // One line through all 30 days would say 7 mV a day and 3.3 V in a week; the recent
      // segment says 30 mV a day: 3.3 V in 1.3 days, 3.0 V in 11.3.
      name: 'flat, then past the knee: only the falling segment is fitted',
      readings: daily([...Array.from({ length: 22 }, () => 3.55), ...line(3.55, -0.03, 8)]),
      expected: {
        state: 'falling',
        slopePerDay: -0.03,
        level: 3.34,
        days: 7,
        confidence: 'high',
        crossings: [
          { level: 3.3, crossed: false, at: inDays(4 / 3).slice(0, 16) },
          { level: 3, crossed: false, at: inDays(34 / 3).slice(0, 16) },
        ],
      },
    },
    {
      name: 'below the warning level already: warning crossed, empty predicted',
      readings: daily(line(3.35, -0.01, 11)),
      expected: {
        state: 'falling',
        slopePerDay: -0.01,
        level: 3.25,
        days: 11,
        confidence: 'high',
        crossings: [
          { level: 3.3, crossed: true, at: null },
          { level: 3, crossed: false, at: inDays(25).slice(0, 16) },
        ],
      },
    },
    {
      // A fall of 10 mV a day, but each day up to 30 mV off the line: the fit says 11.8 mV a
      // day, 3.42 V now, and cannot say it tightly (± 2 standard errors is over half the slope).
      name: 'a noisy fall over eight days: low confidence',
      readings: daily(noisy),
      expected: {
        state: 'falling',
        slopePerDay: -0.0118,
        level: 3.424,
        days: 8,
        confidence: 'low',
        crossings: [
          { level: 3.3, crossed: false, at: '2026-12-01T19:17' },
          { level: 3, crossed: false, at: '2026-12-27T02:55' },
        ],
      },
    },
    {
      // Down to 3.2 V, then a new cell: the step starts the segment, which is flat at 3.6 V.
      name: 'a battery change: the new cell is fitted, flat, nothing crossed',
      readings: daily([...line(3.4, -0.02, 10), 3.6, 3.601, 3.6, 3.599, 3.6]),
      expected: {
        state: 'flat',
        slopePerDay: -0.0002,
        level: 3.6,
        days: 5,
        confidence: null,
        crossings: [
          { level: 3.3, crossed: false, at: null },
          { level: 3, crossed: false, at: null },
        ],
      },
    },
  ])('$name', ({ readings, expected }) => {
    expect(summary(batteryTrend(readings, NOW))).toEqual(expected);
  });

  it('reads 10-minute readings with a daily solar swing as their daily medians', () => {
    // 20 mV a day down, ±30 mV through each day (charging by day, sagging by night).
    const readings: TrendReading[] = [];
    for (let minutes = 0; minutes < 14 * 1440; minutes += 10) {
      const daysAgo = minutes / 1440;
      readings.push({
        time: NOW.getTime() - minutes * 60_000,
        value: 3.45 - 0.02 * -daysAgo + 0.03 * Math.sin(2 * Math.PI * daysAgo),
      });
    }
    const trend = batteryTrend(readings, NOW);
    expect(trend.state).toBe('falling');
    expect(trend.slopePerDay).toBeCloseTo(-0.02, 3);
    expect(trend.confidence).toBe('high');
    // 3.45 V now: 3.3 V in 7.5 days.
    const at = Date.parse(trend.crossings[0]?.at ?? '');
    expect(Math.abs(at - (NOW.getTime() + 7.5 * DAY))).toBeLessThan(DAY / 4);
  });

  it('gives the range of dates the slope ± 2 standard errors allows, around the prediction', () => {
    const trend = batteryTrend(daily(noisy), NOW);
    const [warning] = trend.crossings;
    expect(Date.parse(warning?.earliest ?? '')).toBeLessThan(Date.parse(warning?.at ?? ''));
    expect(Date.parse(warning?.latest ?? '')).toBeGreaterThan(Date.parse(warning?.at ?? ''));
    // An exact line (no spread about it) gives no range at all.
    const steady = batteryTrend(daily(line(3.6, -0.01, 21)), NOW).crossings[0];
    expect(steady?.earliest).toBe(steady?.at);
  });

  it('ignores readings outside the six-week window and in the future', () => {
    const old = { time: NOW.getTime() - 50 * DAY, value: 4.2 };
    const future = { time: NOW.getTime() + DAY, value: 1 };
    const recent = daily(line(3.6, -0.01, 21));
    expect(batteryTrend([old, future, ...recent], NOW)).toEqual(batteryTrend(recent, NOW));
  });
});

describe('signalTrend', () => {
  it.each([
    {
      // -85 dBm now, half a dB a day worse: -99 dBm in 28 days.
      name: 'a link getting worse by half a dB a day',
      readings: daily(line(-78, -0.5, 15)),
      expected: {
        state: 'falling',
        slopePerDay: -0.5,
        level: -85,
        days: 15,
        confidence: 'high',
        crossings: [{ level: -99, crossed: false, at: inDays(28).slice(0, 16) }],
      },
    },
    {
      name: 'a link swinging ±3 dB with the weather: flat',
      readings: daily(Array.from({ length: 20 }, (_, i) => -80 + (i % 3) * 3 - 3)),
      expected: {
        state: 'flat',
        level: -80,
        slopePerDay: -0.01,
        days: 20,
        confidence: null,
        crossings: [{ level: -99, crossed: false, at: null }],
      },
    },
  ])('$name', ({ readings, expected }) => {
    const trend = summary(signalTrend(readings, NOW));
    expect({ ...trend, slopePerDay: Math.round((trend.slopePerDay ?? 0) * 100) / 100 }).toEqual(
      expected,
    );
  });
});

describe('the parts', () => {
  it('dailyMedians: one median per 24 hours back from now, at the mean time of its readings', () => {
    const readings = [
      { time: NOW.getTime() - 1 * 3_600_000, value: 3.5 },
      { time: NOW.getTime() - 3 * 3_600_000, value: 3.7 },
      { time: NOW.getTime() - 2 * 3_600_000, value: 3.52 },
      { time: NOW.getTime() - 25 * 3_600_000, value: 3.6 },
    ];
    expect(dailyMedians(readings, NOW, 42)).toEqual([
      { x: -25 / 24, y: 3.6 },
      { x: -2 / 24, y: 3.52 },
    ]);
  });

  it('recentSegmentStart: no break in a straight line, the knee in a bent one', () => {
    const points = (values: number[]) => values.map((y, i) => ({ x: i - (values.length - 1), y }));
    expect(recentSegmentStart(points(line(3.6, -0.01, 20)), 0.005)).toBe(0);
    const bent = [...Array.from({ length: 15 }, () => 3.55), ...line(3.55, -0.04, 6)];
    expect(recentSegmentStart(points(bent), 0.005)).toBeGreaterThanOrEqual(14);
  });
});
