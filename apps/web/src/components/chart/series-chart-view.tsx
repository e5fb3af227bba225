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
import { EMPTY_CHART_TEXT, SERIES_WIDTH } from '@paddock/domain';
import { useQueries } from '@tanstack/react-query';
import { useCallback, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { getSeriesQueryOptions } from '../../data/series/get-series.ts';
import type { SeriesRequest } from '../../data/series/series-request.ts';
import { ChartToolbar } from './chart-toolbar.tsx';
import { fixedRequestWindow, requestWindow } from './chart-window.ts';
import { shapeSeries } from './shape.ts';
import type { SeriesChartProps } from './types.ts';
import { UplotPlot, type PlotHandle } from './uplot-plot.tsx';
import { useChartExports } from './use-chart-exports.ts';
import { useChartSettings } from './use-chart-settings.ts';

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

/**
 * Under a chart reaching back before the site's raw readings kept (issue 34): the server drew
 * the points before that instant from half-hour rollups.
 */
function RollupsNote({
  answers,
  timeZone,
}: {
  answers: readonly ({ rawReadingsFrom?: string } | undefined)[];
  timeZone: string;
}) {
  const { t, i18n } = useTranslation();
  const rawReadingsFrom = answers.find((answer) => answer?.rawReadingsFrom)?.rawReadingsFrom;
  if (!rawReadingsFrom) return null;
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone }).format(
    new Date(rawReadingsFrom),
  );
  return (
    <Text size="xs" c="dimmed" data-testid="chart-rollups-note">
      {t('Chart.RollupsBefore', { date })}
    </Text>
  );
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
  const settings = useChartSettings(timeZone);
  const { interval, option, dateRange, zoom, setZoom } = settings;
  const { ref: sizeRef, width: measuredWidth } = useElementSize();
  const plotRef = useRef<PlotHandle>(null);

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

  const exports = useChartExports({ title, metrics, timeZone, request, option, shape, plotRef });

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
        pickedDates={settings.pickedDates}
        zoomed={zoomed}
        exporting={exports.exporting}
        canExport={!shape.empty}
        onInterval={settings.chooseInterval}
        onOption={settings.chooseOption}
        onDates={settings.chooseDates}
        onResetZoom={settings.resetZoom}
        onExport={exports.onExport}
      />
      {exports.exportError && (
        <Alert color="red" withCloseButton onClose={exports.dismissExportError}>
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
      {!shape.empty && <RollupsNote answers={answers} timeZone={timeZone} />}
    </Stack>
  );
}
