/**
 * The irrigation history chart (§9 default chart type "irrigation monthly"): per zone and per
 * month of the last three, the depth applied by its runs against the program's target, and the
 * water measured where a meter measured it; a month zooms into its days (a click on it, or the
 * month picker). Exports csv, advanced csv and png as the other charts do (§3), and a table of
 * the same numbers for those who do not read bars.
 */
import { Alert, Box, Button, Group, Loader, Select, Stack, Text } from '@mantine/core';
import { EMPTY_CHART_TEXT, type IrrigationHistory } from '@paddock/domain';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useIrrigationHistory } from '../../data/irrigation-history/get-irrigation-history.ts';
import { offerDownload } from '../../lib/offer-download.ts';
import { ChartExportMenu, type ChartExport } from './chart-toolbar.tsx';
import { exportFileName } from './exports.ts';
import { TARGET_COLOUR } from './irrigation-history-canvas.ts';
import { HistoryPlot, type HistoryPlotHandle } from './irrigation-history-plot.tsx';
import { HistoryTable } from './irrigation-history-table.tsx';
import {
  historyAdvancedCsv,
  historyCsv,
  monthDays,
  periodLabel,
  shapeHistory,
  type HistoryBar,
} from './irrigation-history.ts';
import { seriesColour } from './palette.ts';
import { canvasToPng, composeChartCanvas } from './png.ts';
import { localDay } from './zoned-time.ts';

const HEIGHT = 260;

export interface IrrigationHistoryChartProps {
  readonly areaId: number;
  /** The zone page's zone: only its bars. */
  readonly section?: number;
  readonly title: string;
  /** The site's zone: months and days are the site's. */
  readonly timeZone: string;
}

export function IrrigationHistoryChart({
  areaId,
  section,
  title,
  timeZone,
}: IrrigationHistoryChartProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const [month, setMonth] = useState<string | null>(null);
  const [showTable, setShowTable] = useState(false);
  const [exportError, setExportError] = useState(false);
  const plotRef = useRef<HistoryPlotHandle>(null);
  const byMonth = useIrrigationHistory(areaId, {
    interval: 'month',
    ...(section === undefined ? {} : { section }),
  });
  const byDay = useIrrigationHistory(
    areaId,
    {
      interval: 'day',
      range: monthDays(month ?? '2000-01'),
      ...(section === undefined ? {} : { section }),
    },
    { enabled: month !== null },
  );
  const query = month ? byDay : byMonth;
  const history = query.data;
  /** The months the chart opens on: the ones a zoom picks from. */
  const months = byMonth.data?.periods ?? [];
  const shape = useMemo(() => (history ? shapeHistory(history) : null), [history]);
  const periodLabels = useMemo(
    () => (history ? history.periods.map((period) => periodLabel(period, language)) : []),
    [history, language],
  );
  const numbers = useMemo(
    () => new Intl.NumberFormat(language, { maximumFractionDigits: 3 }),
    [language],
  );
  const describe = (bar: HistoryBar) =>
    [
      `${bar.zone}, ${periodLabel(bar.period, language)}`,
      t('IrrigationHistory.Tooltip.Applied', {
        applied: numbers.format(bar.applied),
        runs: bar.runs,
      }),
      bar.target === null
        ? null
        : t('IrrigationHistory.Tooltip.Target', { target: numbers.format(bar.target) }),
      bar.volume === null
        ? null
        : t('IrrigationHistory.Tooltip.Volume', { volume: numbers.format(bar.volume) }),
    ]
      .filter((line) => line !== null)
      .join('\n');

  const shownTitle = month ? `${title}: ${periodLabel(month, language)}` : title;
  const onExport = async (kind: ChartExport) => {
    if (!history) return;
    setExportError(false);
    const day = localDay(Date.now(), timeZone);
    try {
      if (kind === 'png') {
        const drawn = plotRef.current?.canvas();
        if (!drawn) throw new Error('The chart is not drawn');
        const legend = [
          ...(shape?.zones ?? []).map((zone, index) => ({
            label: zone.label,
            colour: seriesColour(index),
            band: true,
          })),
          { label: t('IrrigationHistory.Target'), colour: TARGET_COLOUR },
        ];
        const canvas = composeChartCanvas(drawn.canvas, drawn.cssWidth, shownTitle, legend);
        offerDownload(await canvasToPng(canvas), exportFileName(shownTitle, day, 'png'));
        return;
      }
      const text = kind === 'csv' ? historyCsv(history, csvTitles(t)) : advancedCsv(history, t);
      offerDownload(
        new Blob([text], { type: 'text/csv;charset=utf-8' }),
        exportFileName(kind === 'csv' ? shownTitle : `${shownTitle}-advanced`, day, 'csv'),
      );
    } catch (error) {
      console.warn('The chart export failed', error);
      setExportError(true);
    }
  };

  const empty = !history || history.rows.length === 0;
  return (
    <Stack gap="xs" data-testid="irrigation-history-chart">
      <HistoryToolbar
        title={shownTitle}
        months={months}
        month={month}
        onMonth={setMonth}
        showTable={showTable}
        onToggleTable={() => setShowTable((shown) => !shown)}
        canExport={!empty}
        onExport={(kind) => void onExport(kind)}
      />
      {exportError && (
        <Alert color="red" withCloseButton onClose={() => setExportError(false)}>
          {t('Chart.ExportFailed')}
        </Alert>
      )}
      {query.isPending ? (
        <Group h={HEIGHT} justify="center" aria-label={t('Chart.Loading')}>
          <Loader size="sm" />
        </Group>
      ) : query.isError && !history ? (
        <Group h={HEIGHT} justify="center">
          <Text c="dimmed">{t('Chart.LoadFailed')}</Text>
        </Group>
      ) : empty || !shape ? (
        <Group h={HEIGHT} justify="center">
          <Text c="dimmed">{t(EMPTY_CHART_TEXT)}</Text>
        </Group>
      ) : (
        <>
          <HistoryPlot
            ref={plotRef}
            shape={shape}
            height={HEIGHT}
            periodLabels={periodLabels}
            depthUnit={t('IrrigationHistory.DepthAxis')}
            volumeUnit={t('IrrigationHistory.VolumeAxis')}
            describe={describe}
            {...(month ? {} : { onPeriod: setMonth })}
          />
          <Legend zones={shape.zones} metered={shape.maxVolume > 0} />
          {showTable && history && <HistoryTable history={history} language={language} />}
        </>
      )}
    </Stack>
  );
}

function HistoryToolbar(props: {
  readonly title: string;
  readonly months: readonly string[];
  readonly month: string | null;
  readonly onMonth: (month: string | null) => void;
  readonly showTable: boolean;
  readonly onToggleTable: () => void;
  readonly canExport: boolean;
  readonly onExport: (kind: ChartExport) => void;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Group justify="space-between" gap="xs" wrap="wrap">
      <Text fw={600}>{props.title}</Text>
      <Group gap="xs" wrap="wrap">
        <Select
          size="xs"
          w={150}
          aria-label={t('IrrigationHistory.DaysOf')}
          placeholder={t('IrrigationHistory.DaysOf')}
          data={props.months.map((value) => ({ value, label: periodLabel(value, i18n.language) }))}
          value={props.month}
          onChange={props.onMonth}
        />
        {props.month && (
          <Button size="xs" variant="default" onClick={() => props.onMonth(null)}>
            {t('Chart.ResetZoom')}
          </Button>
        )}
        <Button size="xs" variant="default" onClick={props.onToggleTable}>
          {t(props.showTable ? 'IrrigationHistory.HideTable' : 'IrrigationHistory.ShowTable')}
        </Button>
        <ChartExportMenu canExport={props.canExport} onExport={props.onExport} />
      </Group>
    </Group>
  );
}

function Legend({
  zones,
  metered,
}: {
  zones: readonly { section: number; label: string }[];
  metered: boolean;
}) {
  const { t } = useTranslation();
  const swatch = (colour: string, height: number) => (
    <Box w={14} h={height} bg={colour} style={{ flex: 'none' }} />
  );
  return (
    <Group gap="md" wrap="wrap">
      {zones.map((zone, index) => (
        <Group key={zone.section} gap={6} wrap="nowrap">
          {swatch(seriesColour(index), 10)}
          <Text size="xs">{zone.label}</Text>
        </Group>
      ))}
      <Group gap={6} wrap="nowrap">
        {swatch(TARGET_COLOUR, 2)}
        <Text size="xs">{t('IrrigationHistory.Target')}</Text>
      </Group>
      {metered && (
        <Group gap={6} wrap="nowrap">
          <Text size="xs" aria-hidden>
            ◇
          </Text>
          <Text size="xs">{t('IrrigationHistory.Volume')}</Text>
        </Group>
      )}
    </Group>
  );
}

type T = (key: string) => string;

function csvTitles(t: T) {
  return {
    period: t('IrrigationHistory.Column.Period'),
    zone: t('IrrigationHistory.Column.Zone'),
    runs: t('IrrigationHistory.Column.Runs'),
    runtime: t('IrrigationHistory.Column.Runtime'),
    applied: t('IrrigationHistory.Column.Applied'),
    target: t('IrrigationHistory.Column.Target'),
    volume: t('IrrigationHistory.Column.Volume'),
  };
}

function advancedCsv(history: IrrigationHistory, t: T): string {
  return historyAdvancedCsv(history, {
    ...csvTitles(t),
    section: t('IrrigationHistory.Column.ZoneId'),
    start: t('Chart.Column.BucketStart'),
    end: t('Chart.Column.BucketEnd'),
    difference: t('IrrigationHistory.Column.Difference'),
  });
}
