/**
 * The chart's exports: csv and advanced csv (every metric asked again as averages with their
 * statistics) and png (the drawn canvas with the title and legend), each offered as a download.
 */
import { CHART_OPTIONS, type ChartOption, type Series } from '@paddock/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { getSeriesQueryOptions } from '../../data/series/get-series.ts';
import type { SeriesRequest } from '../../data/series/series-request.ts';
import { offerDownload } from '../../lib/offer-download.ts';
import type { ChartExport } from './chart-toolbar.tsx';
import { chartAdvancedCsv, chartCsv, exportFileName } from './exports.ts';
import { seriesColour } from './palette.ts';
import { canvasToPng, composeChartCanvas, type PngLegendItem } from './png.ts';
import type { PlotShape } from './shape.ts';
import type { ChartMetric } from './types.ts';
import type { PlotHandle } from './uplot-plot.tsx';
import { localDay } from './zoned-time.ts';

interface ChartExportsInput {
  readonly title: string;
  readonly metrics: readonly ChartMetric[];
  readonly timeZone: string;
  /** The request the plot's series were asked with (its window and width). */
  readonly request: Omit<SeriesRequest, 'metric'>;
  readonly option: ChartOption;
  readonly shape: PlotShape;
  readonly plotRef: RefObject<PlotHandle | null>;
}

export function useChartExports({
  title,
  metrics,
  timeZone,
  request,
  option,
  shape,
  plotRef,
}: ChartExportsInput) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState(false);

  const exportCsv = async (kind: 'csv' | 'advancedCsv') => {
    setExporting(true);
    setExportError(false);
    try {
      const withStats: (Series | undefined)[] = await Promise.all(
        metrics.map((metric) =>
          queryClient.fetchQuery(
            getSeriesQueryOptions(metric.source.kind, metric.source.id, {
              ...request,
              option: CHART_OPTIONS.average,
              metric: metric.metric,
              stats: true,
            }),
          ),
        ),
      );
      const text =
        kind === 'csv'
          ? chartCsv(metrics, withStats, timeZone, {
              time: t('Chart.Column.Time'),
              value: t('Chart.Column.Value'),
              unit: t('Chart.Column.Unit'),
              series: t('Chart.Column.Series'),
            })
          : chartAdvancedCsv(metrics, withStats, timeZone, {
              thing: t('Chart.Column.Thing'),
              metric: t('Chart.Column.Metric'),
              start: t('Chart.Column.BucketStart'),
              end: t('Chart.Column.BucketEnd'),
              min: t('Chart.Column.Min'),
              max: t('Chart.Column.Max'),
              average: t('Chart.Column.Average'),
              count: t('Chart.Column.Count'),
              unit: t('Chart.Column.Unit'),
            });
      const day = localDay(Date.now(), timeZone);
      const suffix = kind === 'csv' ? '' : '-advanced';
      offerDownload(
        new Blob([text], { type: 'text/csv;charset=utf-8' }),
        exportFileName(`${title}${suffix}`, day, 'csv'),
      );
    } catch (error) {
      console.warn('The chart export failed', error);
      setExportError(true);
    } finally {
      setExporting(false);
    }
  };

  const exportPng = async () => {
    setExportError(false);
    try {
      const drawn = plotRef.current?.canvas();
      if (!drawn) throw new Error('The chart is not drawn');
      const legend: PngLegendItem[] = metrics.flatMap((metric, index) =>
        shape.series.some((item) => item.metric === index)
          ? [
              {
                label: metric.unit ? `${metric.label} (${metric.unit})` : metric.label,
                colour: seriesColour(index),
                band: option === CHART_OPTIONS.highLow,
              },
            ]
          : [],
      );
      const canvas = composeChartCanvas(drawn.canvas, drawn.cssWidth, title, legend);
      offerDownload(
        await canvasToPng(canvas),
        exportFileName(title, localDay(Date.now(), timeZone), 'png'),
      );
    } catch (error) {
      console.warn('The chart export failed', error);
      setExportError(true);
    }
  };

  // The toolbar is memoised: a stable callback that runs the latest export of this render.
  const exportRef = useRef<(kind: ChartExport) => void>(() => {});
  useLayoutEffect(() => {
    exportRef.current = (kind) => void (kind === 'png' ? exportPng() : exportCsv(kind));
  });
  const onExport = useCallback((kind: ChartExport) => exportRef.current(kind), []);

  return { exporting, exportError, dismissExportError: () => setExportError(false), onExport };
}
