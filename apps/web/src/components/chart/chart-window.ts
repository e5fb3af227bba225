/**
 * Which window a chart asks for, from the chart preferences of §3: a zoomed range
 * (chartZoomingInfo) inside the chosen window wins, then a custom date range (chartDateRange),
 * then the §9 interval (chartInterval, month by default). Zooming asks the server again for the
 * zoomed range, so a zoomed chart shows finer buckets, not stretched coarse ones.
 */
import {
  CHART_INTERVALS,
  chartIntervalName,
  chartIntervalRange,
  type ChartInterval,
  type ChartIntervalName,
} from '@paddock/domain';
import type { SeriesRequest } from '../../data/series/series-request.ts';

/** The nine intervals in the order the picker lists them: shortest first. */
export const INTERVAL_CHOICES: readonly ChartInterval[] = [
  CHART_INTERVALS.lastThirtyMinutes,
  CHART_INTERVALS.lastThreeHours,
  CHART_INTERVALS.day,
  CHART_INTERVALS.lastThreeDays,
  CHART_INTERVALS.week,
  CHART_INTERVALS.month,
  CHART_INTERVALS.year,
  CHART_INTERVALS.yearToDate,
  CHART_INTERVALS.lastTwoYears,
];

/** The translation key of an interval's name. */
export const intervalLabelKey = (interval: ChartInterval): `Chart.Interval.${ChartIntervalName}` =>
  `Chart.Interval.${chartIntervalName(interval)}`;

/** A zoom narrower than this is not asked for: the finest bucket is one minute. */
const MIN_ZOOM_MS = 10 * 60_000;

export interface ChartWindowInput {
  readonly interval: ChartInterval;
  readonly dateRange: { readonly from: string; readonly to: string } | null;
  readonly zoom: { readonly min: number; readonly max: number } | null;
}

/** The chosen window before any zoom, epoch ms. */
export function baseRange(
  input: Pick<ChartWindowInput, 'interval' | 'dateRange'>,
  now: Date,
  timeZone: string,
): { from: number; to: number } {
  if (input.dateRange) {
    return { from: Date.parse(input.dateRange.from), to: Date.parse(input.dateRange.to) };
  }
  const range = chartIntervalRange(input.interval, now, timeZone);
  return { from: range.from.getTime(), to: range.to.getTime() };
}

/** Whether a stored zoom applies: inside the chosen window and not too narrow. */
export function zoomApplies(
  zoom: ChartWindowInput['zoom'],
  base: { from: number; to: number },
): zoom is { min: number; max: number } {
  if (!zoom) return false;
  // A rolling window moves on: a zoom into it stays valid while it still lies inside.
  return zoom.min >= base.from && zoom.max <= base.to && zoom.max - zoom.min >= MIN_ZOOM_MS;
}

/** The window of a chart fixed to a period: a zoom inside it, else the period. */
export function fixedRequestWindow(
  fixed: { readonly from: string; readonly to: string },
  zoom: ChartWindowInput['zoom'],
): SeriesRequest['window'] {
  const base = { from: Date.parse(fixed.from), to: Date.parse(fixed.to) };
  if (zoomApplies(zoom, base)) {
    return { from: new Date(zoom.min).toISOString(), to: new Date(zoom.max).toISOString() };
  }
  return { from: fixed.from, to: fixed.to };
}

/** The window a series request asks for. */
export function requestWindow(
  input: ChartWindowInput,
  now: Date,
  timeZone: string,
): SeriesRequest['window'] {
  const base = baseRange(input, now, timeZone);
  if (zoomApplies(input.zoom, base)) {
    return {
      from: new Date(input.zoom.min).toISOString(),
      to: new Date(input.zoom.max).toISOString(),
    };
  }
  if (input.dateRange) return { from: input.dateRange.from, to: input.dateRange.to };
  return { interval: input.interval };
}
