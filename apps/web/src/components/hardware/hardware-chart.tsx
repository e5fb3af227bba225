/**
 * The hardware views' charts (§2 hardware list view "Chart", issue 12): a radio's or unit's
 * battery, signal and misses history from GET radios|units/{id}/series, drawn by the shared chart.
 * - CHART_PANE: one metric of the selected device at full width; which one is remembered as the
 *   §3 chartType preference (battery by default), like the other chart preferences.
 * - HISTORY_SECTION: the detail pane's three small history charts, one per metric.
 * Pages add them: `panes={[...DEFAULT_HARDWARE_PANES, CHART_PANE]}`,
 * `detailSections={[HISTORY_SECTION]}`.
 */
import { SegmentedControl, Skeleton, Stack, Text } from '@mantine/core';
import { isOneOf } from '@paddock/domain';
import { useTranslation } from 'react-i18next';
import { usePreference } from '../../lib/preferences.ts';
import { SeriesChart, type ChartMetric } from '../chart/index.ts';
import type { HardwareDetailSection } from './hardware-detail.tsx';
import type { HardwareItem } from './hardware-items.ts';
import type { HardwarePane } from './hardware-panes.tsx';

/** The metrics a radio or unit reports with each status (docs/field-protocol.md). */
const HARDWARE_METRICS = ['battery', 'signal', 'misses'] as const;
type HardwareMetric = (typeof HARDWARE_METRICS)[number];

const UNITS: Record<HardwareMetric, string> = { battery: 'V', signal: 'dBm', misses: '' };

const isHardwareMetric = (value: string): value is HardwareMetric =>
  isOneOf(HARDWARE_METRICS, value);

/** The shared chart's metric for one of a device's metrics. */
function hardwareChartMetric(
  item: Pick<HardwareItem, 'kind' | 'id'>,
  metric: HardwareMetric,
  label: string,
): ChartMetric {
  return { source: { kind: item.kind, id: item.id }, metric, label, unit: UNITS[metric] };
}

function HardwareChart({
  item,
  metric,
  timeZone,
  height,
}: {
  item: HardwareItem;
  metric: HardwareMetric;
  timeZone: string;
  height?: number;
}) {
  const { t } = useTranslation();
  const label = t(`Hardware.Chart.${metric}`);
  return (
    <SeriesChart
      title={t('Hardware.Chart.Title', { metric: label, serial: item.serialno })}
      metrics={[hardwareChartMetric(item, metric, label)]}
      timeZone={timeZone}
      {...(height === undefined ? {} : { height })}
    />
  );
}

function ChartPane({ item, timeZone }: { item: HardwareItem | null; timeZone: string }) {
  const { t } = useTranslation();
  const [stored, setStored] = usePreference('chartType');
  const metric: HardwareMetric = isHardwareMetric(stored) ? stored : 'battery';
  if (!item) {
    return (
      <Text size="sm" c="dimmed">
        {t('Hardware.Chart.Nothing')}
      </Text>
    );
  }
  return (
    <Stack gap="sm">
      <SegmentedControl
        size="xs"
        aria-label={t('Hardware.Chart.Metric')}
        data={HARDWARE_METRICS.map((value) => ({
          value,
          label: t(`Hardware.Chart.${value}`),
        }))}
        value={metric}
        onChange={(value) => isHardwareMetric(value) && setStored(value)}
        style={{ alignSelf: 'flex-start' }}
      />
      <HardwareChart
        key={`${item.kind}/${item.id}`}
        item={item}
        metric={metric}
        timeZone={timeZone}
      />
    </Stack>
  );
}

export const CHART_PANE: HardwarePane = {
  id: 'Chart',
  labelKey: 'Hardware.Pane.Chart',
  placement: 'side',
  followsSelection: true,
  render: ({ selected, timeZone, loading }) =>
    loading ? <Skeleton h={160} /> : <ChartPane item={selected} timeZone={timeZone} />,
};

/** Small charts: three fit below the detail's fields. */
const HISTORY_HEIGHT = 160;

/** The detail pane's battery, signal and misses history of the device. */
export function hardwareHistorySection(timeZone: string): HardwareDetailSection {
  return {
    id: 'history',
    render: (item) => (
      <Stack gap="lg" data-testid="hardware-history">
        {HARDWARE_METRICS.map((metric) => (
          <HardwareChart
            key={`${item.kind}/${item.id}/${metric}`}
            item={item}
            metric={metric}
            timeZone={timeZone}
            height={HISTORY_HEIGHT}
          />
        ))}
      </Stack>
    ),
  };
}
