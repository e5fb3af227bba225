/**
 * The frost explorer (issue 15 item 3, `frostExplorer`): one night on one screen. The canopy
 * temperature of every block and the tower temperature of every fan against each fan's run
 * periods (a shaded strip per fan), the canopy temperature at each start and stop marked, 0 °C
 * drawn, and the wind; the chart's own exports (csv, advanced csv, png with the runs drawn). On
 * tonight, the forecast's expected curve beside the live readings (issue 31).
 */
import { ActionIcon, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import {
  frostNightOf,
  frostNightRange,
  type FrostForecastTonight,
  type FrostRun,
} from '@paddock/domain';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SeriesChart } from '../../../components/chart/index.ts';
import { useFrostForecast } from '../../../data/frost/get-frost-forecast.ts';
import { useFrostRuns } from '../../../data/frost/get-frost-runs.ts';
import type { FanRow } from '../fans.ts';
import { explorerAnnotations, explorerMetrics, withForecast } from './frost-explorer-chart.ts';
import { FrostRunsTable } from './frost-runs-table.tsx';
import { nightDate, siteClock } from '../night-format.ts';

/** At least this much either side of the runs when the chart shows them (ms). */
const RUNS_MARGIN_MS = 60_000;

/**
 * The part of the night the fans ran in, with half its length again either side (at least a
 * minute), within the night: what the explorer opens on, so a short night is not a sliver.
 */
function runsWindow(
  runs: readonly FrostRun[],
  night: { from: string; to: string },
  now: Date,
): { from: string; to: string } | null {
  if (runs.length === 0) return null;
  const nightFrom = Date.parse(night.from);
  const nightTo = Date.parse(night.to);
  const start = Math.min(...runs.map((run) => Date.parse(run.start)));
  const stop = Math.max(
    ...runs.map((run) =>
      run.stop === null ? Math.min(now.getTime(), nightTo) : Date.parse(run.stop),
    ),
  );
  const margin = Math.max(RUNS_MARGIN_MS, (stop - start) / 2);
  return {
    from: new Date(Math.max(nightFrom, start - margin)).toISOString(),
    to: new Date(Math.min(nightTo, stop + margin)).toISOString(),
  };
}

function shiftDay(day: string, by: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + by)).toISOString().slice(0, 10);
}

export function FrostExplorer({
  areaId,
  fans,
  windSensorId,
  timeZone,
  now,
  refetchIntervalMs,
}: {
  areaId: number;
  fans: readonly FanRow[];
  /** A wind sensor of the area (the tower anemometer), if any; else the first fan's wind. */
  windSensorId: number | null;
  timeZone: string;
  now: Date;
  refetchIntervalMs: number;
}) {
  const { t, i18n } = useTranslation();
  const tonight = frostNightOf(now, timeZone);
  const [night, setNight] = useState(tonight);
  const range = useMemo(() => {
    const { from, to } = frostNightRange(night, timeZone);
    return { from: from.toISOString(), to: to.toISOString() };
  }, [night, timeZone]);
  const runs = useFrostRuns(areaId, range, refetchIntervalMs);
  const forecast = useFrostForecast(areaId, refetchIntervalMs);
  // The forecast is tonight's: another night's chart has none.
  const forecastTonight = forecast.data?.tonight?.night === night ? forecast.data.tonight : null;
  const [span, setSpan] = useState<'runs' | 'night'>('runs');
  const fanIndex = useMemo(() => new Map(fans.map((fan, index) => [fan.id, index])), [fans]);

  const metrics = useMemo(() => explorerMetrics(fans, windSensorId, t), [fans, windSensorId, t]);

  const number = (value: number | null) =>
    value === null
      ? '--'
      : new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 }).format(value);
  const time = (iso: string | null) =>
    iso === null
      ? t('Frost.StillRunning')
      : new Intl.DateTimeFormat(i18n.language, {
          timeZone,
          hour: '2-digit',
          minute: '2-digit',
          second: '2-digit',
          hourCycle: 'h23',
        }).format(new Date(iso));

  const clock = (iso: string) => siteClock(i18n.language, timeZone, iso);

  const list: readonly FrostRun[] = useMemo(() => runs.data?.runs ?? [], [runs.data]);
  const runsKey = list.map((run) => `${run.start}/${run.stop ?? ''}`).join(',');
  const shown = useMemo(
    () => (span === 'runs' ? runsWindow(list, range, now) : null) ?? range,
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the runs by value; now moves with them
    [span, runsKey, range],
  );
  const annotations = useMemo(
    () =>
      withForecast(
        explorerAnnotations(list, fanIndex, t, number),
        forecastTonight,
        t,
        number,
        clock,
      ),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- number and time follow the language
    [list, fanIndex, t, i18n.language, forecastTonight, timeZone],
  );

  const nightLabel = nightDate(i18n.language, night);

  return (
    <Stack
      gap="sm"
      data-testid="frost-explorer"
      data-night={night}
      data-forecast-curve={forecastTonight && forecastTonight.curve.length > 0 ? 'shown' : 'none'}
    >
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="xs" wrap="nowrap">
          <ActionIcon
            variant="default"
            aria-label={t('Frost.PreviousNight')}
            onClick={() => setNight(shiftDay(night, -1))}
          >
            <IconChevronLeft size={16} />
          </ActionIcon>
          <Text fw={600} data-testid="frost-explorer-night">
            {t('Frost.NightOf', { night: nightLabel })}
          </Text>
          <ActionIcon
            variant="default"
            aria-label={t('Frost.NextNight')}
            disabled={night >= tonight}
            onClick={() => setNight(shiftDay(night, 1))}
          >
            <IconChevronRight size={16} />
          </ActionIcon>
        </Group>
        <SegmentedControl
          size="xs"
          aria-label={t('Frost.ExplorerSpan')}
          value={span}
          onChange={(value) => setSpan(value === 'night' ? 'night' : 'runs')}
          data={[
            { value: 'runs', label: t('Frost.ExplorerSpan.runs') },
            { value: 'night', label: t('Frost.ExplorerSpan.night') },
          ]}
        />
        {runs.data && (
          <Text size="xs" c="dimmed">
            {t('Frost.Rules', {
              start: number(runs.data.rules.startAtOrBelow),
              stop: number(runs.data.rules.stopBy),
            })}
          </Text>
        )}
      </Group>
      <SeriesChart
        title={t('Frost.ExplorerTitle', { night: nightLabel })}
        metrics={metrics}
        timeZone={timeZone}
        window={shown}
        annotations={annotations}
        height={320}
      />
      {forecastTonight && (
        <ForecastLegend tonight={forecastTonight} number={number} clock={clock} />
      )}
      <FrostRunsTable runs={list} number={number} time={time} />
      {runs.data && list.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('Frost.NoRuns')}
        </Text>
      )}
    </Stack>
  );
}

/** The expected curve in words, under the chart (a canvas says nothing to a screen reader). */
function ForecastLegend({
  tonight,
  number,
  clock,
}: {
  tonight: FrostForecastTonight;
  number: (value: number | null) => string;
  clock: (iso: string) => string;
}) {
  const { t } = useTranslation();
  if (tonight.tmin === null) return null;
  return (
    <Text size="xs" c="dimmed" data-testid="frost-explorer-forecast">
      {tonight.startExpectedAt
        ? t('Frost.Forecast.CurveLegendStart', {
            tmin: number(tonight.tmin),
            start: number(tonight.startTemperature),
            time: clock(tonight.startExpectedAt),
          })
        : t('Frost.Forecast.CurveLegend', { tmin: number(tonight.tmin) })}
    </Text>
  );
}
