/**
 * The detail pane of one add-on (§2 detail pane): what it reads now and its history on the shared
 * chart, a soil probe's layers on one chart; a pump's programs and pump actions; a water meter's
 * flow supervision; a sensor's rename (edit); the thing's History of changes (site admins and
 * support staff, issue 33) and its notes.
 */
import { Group, Stack, Text, Title } from '@mantine/core';
import { thingCondition, type Program } from '@paddock/domain';
import { useTranslation } from 'react-i18next';
import { SeriesChart, type ChartMetric } from '../../../components/chart/index.ts';
import { ObjectHistory } from '../../../components/audit/object-history.tsx';
import { NotesPane } from '../../../components/notes/notes-pane.tsx';
import { RenameButton } from '../../../components/ui/rename-button.tsx';
import { usePrivileges } from '../../../data/privileges/use-privileges.ts';
import { useRenameSensor } from '../../../data/sensors/update-sensor.ts';
import { metricUnit, thingCharts, type PageThing } from '../things.ts';
import { MeterFlowCard } from './meter-flow-card.tsx';
import { PumpActions } from './pump-actions.tsx';
import { ConditionBadge, ThingValues } from './thing-values.tsx';

/** Small charts: several fit in the pane. */
const CHART_HEIGHT = 180;

export function ThingDetail({
  thing,
  siteId,
  areaId,
  programs,
  canEditPrograms,
  timeZone,
  now,
}: {
  thing: PageThing;
  siteId: number;
  areaId: number;
  programs: readonly Program[];
  canEditPrograms: boolean;
  timeZone: string;
  now: Date;
}) {
  const { t } = useTranslation();
  const canEdit = usePrivileges(siteId, areaId).has('edit');
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
          <Group gap={4} wrap="nowrap">
            <Title order={3} size="h5">
              {thing.label}
            </Title>
            {thing.kind === 'sensor' && (
              <SensorRename
                siteId={siteId}
                areaId={areaId}
                sensorId={thing.id}
                label={thing.label}
              />
            )}
          </Group>
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
      {thing.kind === 'sensor' && thing.type === 'waterMeter' && (
        <MeterFlowCard
          key={thing.id}
          areaId={areaId}
          sensorId={thing.id}
          timeZone={timeZone}
          canEdit={canEdit}
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
      <ObjectHistory
        siteId={siteId}
        object={{ kind: thing.kind, target: thing.id }}
        timeZone={timeZone}
      />
      <NotesPane
        siteId={siteId}
        areaId={areaId}
        target={{ type: thing.kind, id: thing.id }}
        timeZone={timeZone}
      />
    </Stack>
  );
}

/** A sensor's rename (§7 PUT sensors/{id}), for users with edit on the area. */
function SensorRename(props: { siteId: number; areaId: number; sensorId: number; label: string }) {
  const { t } = useTranslation();
  const canEdit = usePrivileges(props.siteId, props.areaId).has('edit');
  const rename = useRenameSensor(props.siteId, props.areaId, props.sensorId);
  if (!canEdit) return null;
  return (
    <RenameButton
      label={props.label}
      what={t('Rename.What.sensor')}
      onRename={(label) => rename.mutateAsync(label)}
    />
  );
}
