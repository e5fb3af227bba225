/** The chart's public types (no uPlot here: the lazy wrapper and callers import these freely). */

/** The thing a series belongs to. */
export type SeriesSource = { kind: 'sensor' | 'control' | 'radio' | 'unit'; id: number };

/** One line of a chart: a metric of a thing, its legend label and its axis unit. */
export type ChartMetric = { source: SeriesSource; metric: string; label: string; unit: string };

export interface SeriesChartProps {
  /** Shown above the chart and written into the png export. */
  readonly title: string;
  readonly metrics: readonly ChartMetric[];
  /** The site's IANA zone: axes, csv times and the date range picker's days are local to it. */
  readonly timeZone: string;
  /** Plot height in pixels (default 280). */
  readonly height?: number;
}
