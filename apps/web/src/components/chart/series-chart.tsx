/**
 * The lazy door to the chart: uPlot and the chart's code load when a chart first shows, never on
 * the first load (app/first-load.test.ts forbids 'uplot' there).
 */
import { Group, Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { SeriesChartProps } from './types.ts';

const SeriesChartView = lazy(() => import('./series-chart-view.tsx'));

/** A chart of one or more metrics; see types.ts. */
export function SeriesChart(props: SeriesChartProps) {
  return (
    <Suspense
      fallback={
        <Group h={(props.height ?? 280) + 40} justify="center">
          <Loader size="sm" />
        </Group>
      }
    >
      <SeriesChartView {...props} />
    </Suspense>
  );
}
