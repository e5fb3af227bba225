/**
 * Series answers → the aligned columns uPlot draws. The server leaves out buckets without
 * readings; here each such hole becomes a null after the last point before it, so uPlot breaks
 * the line there instead of drawing across (a gap). Where several metrics are joined on one time
 * axis, a time only another metric has is undefined for this one: uPlot skips it and the line
 * goes on (its own buckets decide where it has gaps). High-low answers give two series per
 * metric, highest then lowest, and a band between them.
 */
import { CHART_OPTIONS, type Series } from '@paddock/domain';
import type { ChartMetric } from './types.ts';

type PlotValue = number | null | undefined;

interface PlotSeries {
  /** Which metric of the chart (index into metrics). */
  readonly metric: number;
  readonly role: 'average' | 'high' | 'low';
  readonly label: string;
  readonly unit: string;
}

export interface PlotShape {
  /** x in epoch seconds, then one column per series. */
  readonly data: [number[], ...PlotValue[][]];
  readonly series: readonly PlotSeries[];
  /** [high, low] series numbers (1-based, as uPlot counts: 0 is x) of each band. */
  readonly bands: readonly (readonly [number, number])[];
  /** The axis units in first-use order. */
  readonly units: readonly string[];
  /** The window the answers cover, epoch seconds (the x axis spans it even where data is missing). */
  readonly window: { readonly min: number; readonly max: number } | null;
  /** No metric has a single point: the chart shows 'No data to display'. */
  readonly empty: boolean;
}

/**
 * A hole is a gap when the next point is more than 1.5 steps away (months, DST and jitter
 * stay lines). The step is the bucket, or the series' usual spacing (the median between its
 * points) where that is longer: a radio reporting every 10 minutes charted in 5-minute buckets
 * leaves every other bucket empty, and that is its rhythm, not missing data.
 */
const GAP_FACTOR = 1.5;

/** Fewer steps than this tell no rhythm: the bucket alone decides. */
const MIN_STEPS_FOR_RHYTHM = 4;

/** The (lower) median distance between consecutive times; 0 when too few to tell. */
function medianStep(times: readonly number[]): number {
  if (times.length <= MIN_STEPS_FOR_RHYTHM) return 0;
  const steps: number[] = [];
  for (let i = 1; i < times.length; i++) steps.push((times[i] ?? 0) - (times[i - 1] ?? 0));
  steps.sort((a, b) => a - b);
  return steps[Math.floor((steps.length - 1) / 2)] ?? 0;
}

interface Column {
  readonly times: number[];
  readonly values: (number | null)[][];
}

/** One answer's times (s) and value columns, with a null row in each hole. */
export function withGaps(answer: Series): Column {
  const columns = answer.option === CHART_OPTIONS.highLow ? 2 : 1;
  const pointTimes = answer.points.map((point) => Date.parse(point[0]) / 1000);
  const step = Math.max(answer.bucketSeconds, medianStep(pointTimes));
  const times: number[] = [];
  const values: (number | null)[][] = Array.from({ length: columns }, () => []);
  let previous: number | null = null;
  for (const [index, point] of answer.points.entries()) {
    const time = pointTimes[index] ?? 0;
    if (previous !== null && time - previous > step * GAP_FACTOR) {
      times.push(previous + answer.bucketSeconds);
      for (const column of values) column.push(null);
    }
    times.push(time);
    if (answer.option === CHART_OPTIONS.highLow) {
      // [start, low, high] → high first, so the band is drawn from high down to low.
      values[0]?.push(point[2] as number);
      values[1]?.push(point[1]);
    } else {
      values[0]?.push(point[1]);
    }
    previous = time;
  }
  return { times, values };
}

/** The sorted union of several sorted time lists. */
function unionTimes(lists: readonly number[][]): number[] {
  // A high-low metric's two columns share one list: no join needed for one metric.
  const distinct = [...new Set(lists)];
  if (distinct.length <= 1) return distinct[0] ?? [];
  const all = new Set<number>();
  for (const list of distinct) for (const time of list) all.add(time);
  return [...all].sort((a, b) => a - b);
}

/**
 * The plot of the answers. A metric whose answer has not arrived yet keeps its series (as the
 * `option` asked for), with no points: the plot is made while the request is in flight and the
 * answer then only fills it, so the chart paints sooner after its data arrives (issue 12).
 */
export function shapeSeries(
  metrics: readonly ChartMetric[],
  answers: readonly (Series | undefined)[],
  option: number = CHART_OPTIONS.average,
): PlotShape {
  const series: PlotSeries[] = [];
  const bands: [number, number][] = [];
  const units: string[] = [];
  const columns: { times: number[]; values: (number | null)[] }[] = [];
  let min = Infinity;
  let max = -Infinity;
  let empty = true;

  metrics.forEach((metric, index) => {
    const answer = answers[index];
    if (!units.includes(metric.unit)) units.push(metric.unit);
    if (answer) {
      min = Math.min(min, Date.parse(answer.from) / 1000);
      max = Math.max(max, Date.parse(answer.to) / 1000);
      if (answer.points.length > 0) empty = false;
    }
    const highLow = (answer?.option ?? option) === CHART_OPTIONS.highLow;
    const column: Column = answer
      ? withGaps(answer)
      : { times: [], values: highLow ? [[], []] : [[]] };
    if (highLow) {
      series.push({ metric: index, role: 'high', label: metric.label, unit: metric.unit });
      series.push({ metric: index, role: 'low', label: metric.label, unit: metric.unit });
      bands.push([series.length - 1, series.length]);
    } else {
      series.push({ metric: index, role: 'average', label: metric.label, unit: metric.unit });
    }
    for (const values of column.values) columns.push({ times: column.times, values });
  });

  const x = unionTimes(columns.map((column) => column.times));
  const aligned = columns.map(({ times, values }): PlotValue[] => {
    if (times === x) return values;
    const at = new Map<number, number | null>();
    times.forEach((time, i) => at.set(time, values[i] ?? null));
    return x.map((time) => at.get(time));
  });

  return {
    data: [x, ...aligned],
    series,
    bands,
    units,
    window: Number.isFinite(min) ? { min, max } : null,
    empty,
  };
}
