/**
 * The chart (loaded lazily through index.ts): a toolbar with the §9 interval, average or high-low,
 * a date range and the exports, then the plot. Its settings are the §3 chart preferences, so every
 * chart opens as the user left the last one: chartInterval, chartOptions, chartDateRange and
 * chartZoomingInfo (a drag zooms; double click or Reset zoom zooms out).
 */
import '@mantine/dates/styles.css';
import 'dayjs/locale/de';
import { Alert, Box, Group, Loader, Stack, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import {
  CHART_OPTIONS,
  EMPTY_CHART_TEXT,
  SERIES_WIDTH,
  type ChartInterval,
  type ChartOption,
  type Series,
} from '@paddock/domain';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getSeriesQueryOptions } from '../../data/series/get-series.ts';
import type { SeriesRequest } from '../../data/series/series-request.ts';
import { usePreference } from '../../lib/preferences.ts';
import { ChartToolbar, type ChartExport } from './chart-toolbar.tsx';
import { fixedRequestWindow, requestWindow } from './chart-window.ts';
import { offerDownload } from '../../lib/offer-download.ts';
import { chartAdvancedCsv, chartCsv, exportFileName } from './exports.ts';
import { seriesColour } from './palette.ts';
import { canvasToPng, composeChartCanvas, type PngLegendItem } from './png.ts';
import { shapeSeries } from './shape.ts';
import type { SeriesChartProps } from './types.ts';
import { UplotPlot, type PlotHandle } from './uplot-plot.tsx';
import { localDay, nextDay, startOfLocalDay } from './zoned-time.ts';

const DEFAULT_HEIGHT = 280;
/** The width asked of the server moves in steps, so a small resize does not ask again. */
const WIDTH_STEP = 100;

/** Month and weekday names for the axis, from the browser's Intl. */
function dateNames(language: string) {
  const names = (options: Intl.DateTimeFormatOptions, count: number, day: (i: number) => Date) =>
    Array.from({ length: count }, (_, i) =>
      new Intl.DateTimeFormat(language, { ...options, timeZone: 'UTC' }).format(day(i)),
    );
  const month = (i: number) => new Date(Date.UTC(2026, i, 1));
  // 4 January 2026 is a Sunday: uPlot counts weekdays from Sunday.
  const weekday = (i: number) => new Date(Date.UTC(2026, 0, 4 + i));
  return {
    MMMM: names({ month: 'long' }, 12, month),
    MMM: names({ month: 'short' }, 12, month),
    WWWW: names({ weekday: 'long' }, 7, weekday),
    WWW: names({ weekday: 'short' }, 7, weekday),
  };
}

export default function SeriesChartView({
  title,
  metrics,
  timeZone,
  height = DEFAULT_HEIGHT,
  window: fixedWindow,
  annotations,
}: SeriesChartProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const queryClient = useQueryClient();
  const [interval, setInterval] = usePreference('chartInterval');
  const [option, setOption] = usePreference('chartOptions');
  const [dateRange, setDateRange] = usePreference('chartDateRange');
  const [zoom, setZoom] = usePreference('chartZoomingInfo');
  const { ref: sizeRef, width: measuredWidth } = useElementSize();
  const plotRef = useRef<PlotHandle>(null);
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState(false);

  const width = Math.floor(measuredWidth);
  const askedWidth = Math.min(
    SERIES_WIDTH.max,
    Math.max(SERIES_WIDTH.min, Math.ceil(width / WIDTH_STEP) * WIDTH_STEP),
  );
  const window = fixedWindow
    ? fixedRequestWindow(fixedWindow, zoom)
    : requestWindow({ interval, dateRange, zoom }, new Date(), timeZone);
  const windowKey = JSON.stringify(window);
  const request = useMemo(
    (): Omit<SeriesRequest, 'metric'> => ({ option, width: askedWidth, window }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the window by value
    [option, askedWidth, windowKey],
  );

  const queries = useQueries({
    queries: metrics.map((metric) => ({
      ...getSeriesQueryOptions(metric.source.kind, metric.source.id, {
        ...request,
        metric: metric.metric,
      }),
      enabled: width > 0,
    })),
  });
  const answers = queries.map((query) => query.data);
  const metricsKey = JSON.stringify(metrics);
  const answersKey = queries.map((query) => query.dataUpdatedAt).join(',');
  const arrivedAt = Math.max(0, ...queries.map((query) => query.dataUpdatedAt));
  const shape = useMemo(
    () => shapeSeries(metrics, answers, option),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- by value: callers pass new arrays
    [metricsKey, answersKey, option],
  );
  const loading = queries.some((query) => query.isPending);
  const failed = queries.some((query) => query.isError) && shape.empty;

  const numberFormat = useMemo(
    () => new Intl.NumberFormat(language, { maximumFractionDigits: 2 }),
    [language],
  );
  const formatValue = useCallback((value: number) => numberFormat.format(value), [numberFormat]);
  const names = useMemo(() => (language === 'en' ? undefined : dateNames(language)), [language]);
  const labels = shape.series.map((item) =>
    item.role === 'average'
      ? item.label
      : t(item.role === 'high' ? 'Chart.High' : 'Chart.Low', { label: item.label }),
  );

  const onDrawn = useCallback(() => {
    // The figure `npm run bench:web` reads: from the data's arrival to the chart painted.
    if (arrivedAt > 0 && typeof performance.measure === 'function') {
      performance.measure('paddock:chart-draw', {
        start: arrivedAt - performance.timeOrigin,
        end: performance.now(),
      });
    }
  }, [arrivedAt]);

  // Stable callbacks and values: the toolbar is memoised, so new data repaints only the plot.
  const chooseInterval = useCallback(
    (value: ChartInterval) => {
      setInterval(value);
      setDateRange(null);
      setZoom(null);
    },
    [setInterval, setDateRange, setZoom],
  );
  const chooseOption = useCallback((value: ChartOption) => setOption(value), [setOption]);
  const chooseDates = useCallback(
    ([start, end]: readonly [string | null, string | null]) => {
      if (start === null && end === null) {
        setDateRange(null);
        setZoom(null);
      } else if (start !== null && end !== null) {
        setDateRange({
          from: new Date(startOfLocalDay(start, timeZone)).toISOString(),
          to: new Date(startOfLocalDay(nextDay(end), timeZone)).toISOString(),
        });
        setZoom(null);
      }
    },
    [setDateRange, setZoom, timeZone],
  );
  const resetZoom = useCallback(() => setZoom(null), [setZoom]);
  const pickedDates = useMemo(
    (): readonly [string | null, string | null] =>
      dateRange
        ? [
            localDay(Date.parse(dateRange.from), timeZone),
            localDay(Date.parse(dateRange.to) - 1, timeZone),
          ]
        : [null, null],
    [dateRange, timeZone],
  );

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

  const exportRef = useRef<(kind: ChartExport) => void>(() => {});
  useLayoutEffect(() => {
    exportRef.current = (kind) => void (kind === 'png' ? exportPng() : exportCsv(kind));
  });
  const onExport = useCallback((kind: ChartExport) => exportRef.current(kind), []);

  const zoomed =
    zoom !== null &&
    'from' in window &&
    window.from !== (fixedWindow ? fixedWindow.from : dateRange?.from);
  const xRange = shape.window;

  return (
    <Stack gap="xs" data-testid="series-chart">
      <ChartToolbar
        title={title}
        interval={dateRange ? null : interval}
        fixedWindow={fixedWindow !== undefined}
        option={option}
        pickedDates={pickedDates}
        zoomed={zoomed}
        exporting={exporting}
        canExport={!shape.empty}
        onInterval={chooseInterval}
        onOption={chooseOption}
        onDates={chooseDates}
        onResetZoom={resetZoom}
        onExport={onExport}
      />
      {exportError && (
        <Alert color="red" withCloseButton onClose={() => setExportError(false)}>
          {t('Chart.ExportFailed')}
        </Alert>
      )}
      <Box ref={sizeRef} pos="relative" mih={height}>
        {loading && shape.empty && (
          // Over the plot, which is made meanwhile so the answer only fills it.
          <Group
            h={height}
            justify="center"
            aria-label={t('Chart.Loading')}
            pos="absolute"
            inset={0}
            bg="var(--mantine-color-body)"
            style={{ zIndex: 1 }}
          >
            <Loader size="sm" />
          </Group>
        )}
        {failed ? (
          <Group h={height} justify="center">
            <Text c="dimmed">{t('Chart.LoadFailed')}</Text>
          </Group>
        ) : shape.empty && !loading ? (
          <Group h={height} justify="center">
            <Text c="dimmed">{t(EMPTY_CHART_TEXT)}</Text>
          </Group>
        ) : (
          width > 0 && (
            <UplotPlot
              ref={plotRef}
              shape={shape}
              width={width}
              height={height}
              timeZone={timeZone}
              {...(names ? { dateNames: names } : {})}
              formatValue={formatValue}
              xRange={xRange}
              onZoom={(range) => setZoom(range)}
              onDrawn={onDrawn}
              labels={labels}
              timeLabel={t('Chart.Column.Time')}
              {...(annotations ? { annotations } : {})}
            />
          )
        )}
      </Box>
    </Stack>
  );
}
