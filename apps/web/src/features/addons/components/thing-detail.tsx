/**
 * The detail pane of one add-on (§2 detail pane): what it reads now and its history on the shared
 * chart, a soil probe's layers on one chart; a pump's programs and pump actions.
 */
import { Group, Stack, Text, Title } from '@mantine/core';
import { thingCondition, type Program } from '@paddock/domain';
import { useTranslation } from 'react-i18next';
import { SeriesChart, type ChartMetric } from '../../../components/chart/index.ts';
import { metricUnit, thingCharts, type PageThing } from '../things.ts';
import { PumpActions } from './pump-actions.tsx';
import { ConditionBadge, ThingValues } from './thing-values.tsx';

/** Small charts: several fit in the pane. */
const CHART_HEIGHT = 180;

export function ThingDetail({
  thing,
  areaId,
  programs,
  canEditPrograms,
  timeZone,
  now,
}: {
  thing: PageThing;
  areaId: number;
  programs: readonly Program[];
  canEditPrograms: boolean;
  timeZone: string;
  now: Date;
}) {
  const { t } = useTranslation();
  const label = (metric: string) => {
    const layer = /^soil\.moisture\.(\d+)$/.exec(metric);
    return layer
      ? t('Addons.Soil.Depth', { depth: Number(layer[1]) })
      : t(`Addons.Metric.${metric}`, metric);
  };
  return (
    <Stack gap="md" data-testid="thing-detail">
      <Stack gap={2}>
        <Group justify="space-between" wrap="nowrap">
          <Title order={3} size="h5">
            {thing.label}
          </Title>
          <ConditionBadge condition={thingCondition(thing, now)} />
        </Group>
        <Text size="xs" c="dimmed">
          {t(`Addons.Type.${thing.type}`)}
          {thing.serialno ? ` · ${thing.serialno}` : ''}
        </Text>
      </Stack>
      <ThingValues thing={thing} />
      {thing.kind === 'control' && thing.type === 'pump' && (
        <PumpActions
          pumpId={thing.id}
          areaId={areaId}
          programs={programs}
          canEdit={canEditPrograms}
        />
      )}
      {thingCharts(thing).map((chart) => {
        const metrics: ChartMetric[] = chart.metrics.map((metric) => ({
          source: { kind: thing.kind, id: thing.id },
          metric,
          label: label(metric),
          unit: metricUnit(metric),
        }));
        return (
          <SeriesChart
            key={`${thing.kind}/${thing.id}/${chart.key}`}
            title={`${thing.label}: ${
              chart.key === 'soil' ? t('Addons.Metric.soil.moisture') : label(chart.key)
            }`}
            metrics={metrics}
            timeZone={timeZone}
            height={CHART_HEIGHT}
          />
        );
      })}
    </Stack>
  );
}
