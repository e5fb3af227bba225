/** The shared chart (issue 12): import from here; the heavy part loads lazily. */
export { SeriesChart } from './series-chart.tsx';
export type { ChartAnnotations, ChartMetric, SeriesSource } from './types.ts';
