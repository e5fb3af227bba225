import { CHART_INTERVALS } from '@paddock/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { readPreference, writePreference } from '../../lib/preferences.ts';
import {
  baseRange,
  INTERVAL_CHOICES,
  intervalLabelKey,
  requestWindow,
  zoomApplies,
} from './chart-window.ts';

const NOW = new Date('2026-11-25T16:00:00Z');
const TZ = 'Pacific/Auckland';
const DAY = 86_400_000;

afterEach(() => localStorage.clear());

describe('the chart window from the §3 chart preferences', () => {
  it('offers the nine §9 intervals, each with a name', () => {
    expect(INTERVAL_CHOICES).toHaveLength(9);
    expect(new Set(INTERVAL_CHOICES)).toEqual(new Set(Object.values(CHART_INTERVALS)));
    expect(intervalLabelKey(CHART_INTERVALS.yearToDate)).toBe('Chart.Interval.yearToDate');
  });

  it('the interval when nothing else is stored (month by default)', () => {
    const input = { interval: readPreference('chartInterval', 'u1'), dateRange: null, zoom: null };
    expect(requestWindow(input, NOW, TZ)).toEqual({ interval: CHART_INTERVALS.month });
  });

  it('a stored date range wins over the interval', () => {
    const dateRange = { from: '2026-11-01T11:00:00.000Z', to: '2026-11-08T11:00:00.000Z' };
    expect(requestWindow({ interval: 2, dateRange, zoom: null }, NOW, TZ)).toEqual(dateRange);
  });

  it('a zoom inside the window is asked for, so the buckets get finer', () => {
    const zoom = { min: NOW.getTime() - 2 * DAY, max: NOW.getTime() - DAY };
    expect(requestWindow({ interval: 2, dateRange: null, zoom }, NOW, TZ)).toEqual({
      from: '2026-11-23T16:00:00.000Z',
      to: '2026-11-24T16:00:00.000Z',
    });
  });

  it.each([
    ['outside the window (a day chart, zoomed a week ago)', 0, -8, -7],
    ['narrower than 10 minutes', 2, -1, -1 + 5 / (24 * 60)],
  ])('a zoom %s is ignored', (_, interval, fromDays, toDays) => {
    const zoom = { min: NOW.getTime() + fromDays * DAY, max: NOW.getTime() + toDays * DAY };
    const base = baseRange({ interval: interval as 0 | 2, dateRange: null }, NOW, TZ);
    expect(zoomApplies(zoom, base)).toBe(false);
    expect(requestWindow({ interval: interval as 0 | 2, dateRange: null, zoom }, NOW, TZ)).toEqual({
      interval,
    });
  });

  it('year to date starts at local midnight on 1 January', () => {
    const base = baseRange({ interval: CHART_INTERVALS.yearToDate, dateRange: null }, NOW, TZ);
    expect(new Date(base.from).toISOString()).toBe('2025-12-31T11:00:00.000Z');
    expect(base.to).toBe(NOW.getTime());
  });
});

describe('the chart preferences are remembered per user', () => {
  it('interval, option, date range, zoom and chart type read back; bad values read the default', () => {
    writePreference('chartInterval', CHART_INTERVALS.lastThreeDays, 'u1');
    writePreference('chartOptions', 2, 'u1');
    writePreference(
      'chartDateRange',
      { from: '2026-11-01T11:00:00Z', to: '2026-11-08T11:00:00Z' },
      'u1',
    );
    writePreference('chartZoomingInfo', { min: 1, max: 2 }, 'u1');
    writePreference('chartType', 'battery', 'u1');
    expect(readPreference('chartInterval', 'u1')).toBe(6);
    expect(readPreference('chartOptions', 'u1')).toBe(2);
    expect(readPreference('chartDateRange', 'u1')).toEqual({
      from: '2026-11-01T11:00:00Z',
      to: '2026-11-08T11:00:00Z',
    });
    expect(readPreference('chartZoomingInfo', 'u1')).toEqual({ min: 1, max: 2 });
    expect(readPreference('chartType', 'u1')).toBe('battery');
    expect(readPreference('chartInterval', 'u2')).toBe(CHART_INTERVALS.month);

    localStorage.setItem('chartInterval', JSON.stringify({ uid: 'u1', value: 5 }));
    localStorage.setItem('chartZoomingInfo', JSON.stringify({ uid: 'u1', value: { min: 'a' } }));
    expect(readPreference('chartInterval', 'u1')).toBe(CHART_INTERVALS.month);
    expect(readPreference('chartZoomingInfo', 'u1')).toBeNull();
  });
});
