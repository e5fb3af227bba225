/**
 * A water meter's flow supervision (issue 30 item 1): what the supervisor sees on it now (the
 * phase of the zones running on it, a mainline break, since when), the zones it feeds with the
 * flows they are judged against, the largest of them (what the mainline limit is a share of),
 * and the meter's limits in words, edited by those with edit on the area.
 */
import { Alert, Badge, Button, Group, List, Stack, Text, Title } from '@mantine/core';
import { formatSiteDateTime, type MeterFlowSettings, type ZoneFlowPhase } from '@paddock/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMeterFlow } from '../../../data/flow-supervision/get-meter-flow.ts';
import { MeterFlowModal } from './meter-flow-modal.tsx';

/** Each phase's colour: closing or stopping is a fault, a warning is a warning, the rest calm. */
const PHASE_COLOUR: Record<ZoneFlowPhase, string> = {
  idle: 'gray',
  unscheduled: 'fault',
  settling: 'info',
  unsupervised: 'warning',
  watching: 'running',
  high: 'fault',
  low: 'warning',
};

export function MeterFlowCard(props: {
  areaId: number;
  sensorId: number;
  timeZone: string;
  /** The user holds edit on the area: the meter's limits are edited here. */
  canEdit: boolean;
}) {
  const { t } = useTranslation();
  const flow = useMeterFlow(props.areaId, props.sensorId);
  const [editing, setEditing] = useState(false);
  return (
    <Stack gap="xs" component="section" aria-label={t('Addons.Flow.Title', 'Flow supervision')}>
      <Group justify="space-between">
        <Title order={4} size="h6">
          {t('Addons.Flow.Title', 'Flow supervision')}
        </Title>
        {props.canEdit && flow.data && (
          <Button size="xs" variant="default" onClick={() => setEditing(true)}>
            {t('Addons.Flow.EditLimits', 'Edit limits')}
          </Button>
        )}
      </Group>
      {flow.data ? (
        <MeterFlowBody flow={flow.data} timeZone={props.timeZone} />
      ) : flow.isError ? (
        <Alert color="fault" p={6}>
          {t('Addons.Flow.Unavailable', 'Flow supervision is not available.')}
        </Alert>
      ) : (
        <Text size="sm" c="dimmed">
          …
        </Text>
      )}
      {editing && flow.data && (
        <MeterFlowModal areaId={props.areaId} flow={flow.data} onClose={() => setEditing(false)} />
      )}
    </Stack>
  );
}

function MeterFlowBody({ flow, timeZone }: { flow: MeterFlowSettings; timeZone: string }) {
  const { t, i18n } = useTranslation();
  const litres = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });
  const { now, limits, largestZoneFlow } = flow;
  const at = (iso: string) => formatSiteDateTime(new Date(iso), timeZone);
  return (
    <Stack gap={6}>
      {now ? (
        <Stack gap={2}>
          <Group gap="xs">
            <Badge color={PHASE_COLOUR[now.phase]} variant="light" data-testid="meter-flow-phase">
              {t(`Addons.Flow.Phase.${now.phase}`)}
            </Badge>
            {now.mainline === 'over' && (
              <Badge color="fault" variant="filled" data-testid="meter-flow-mainline">
                {t('Addons.Flow.MainlineBreak', 'Mainline break')}
              </Badge>
            )}
            {now.since && (
              <Text size="sm" data-testid="meter-flow-since">
                {t('Addons.Flow.Since', 'since {{time}}', { time: at(now.since) })}
              </Text>
            )}
          </Group>
          {now.readingAt && (
            <Text size="xs" c="dimmed">
              {t('Addons.Flow.ReadingAt', 'Last reading judged {{time}}', {
                time: at(now.readingAt),
              })}
            </Text>
          )}
        </Stack>
      ) : (
        <Text size="sm" c="dimmed" data-testid="meter-flow-phase">
          {t('Addons.Flow.NotJudged', 'No reading judged yet.')}
        </Text>
      )}

      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {t('Addons.Flow.Zones', 'Zones on this meter')}
      </Text>
      {flow.zones.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('Addons.Flow.NoZones', 'No zone')}
        </Text>
      ) : (
        <List size="sm" spacing={2} listStyleType="none" data-testid="meter-flow-zones">
          {flow.zones.map((zone) => (
            <List.Item key={zone.section}>
              {zone.expected.flow === null || zone.expected.source === 'none'
                ? t('Addons.Flow.ZoneNone', '{{zone}}: no expected flow', { zone: zone.label })
                : t(`Addons.Flow.Zone.${zone.expected.source}`, {
                    zone: zone.label,
                    flow: litres.format(zone.expected.flow),
                  })}
            </List.Item>
          ))}
        </List>
      )}
      <Text size="sm" data-testid="meter-flow-largest">
        {largestZoneFlow === null
          ? t('Addons.Flow.NoLargest', 'No zone has an expected flow: no mainline limit yet.')
          : t(
              'Addons.Flow.Largest',
              'Largest zone flow {{flow}} L/min: a mainline break over {{limit}} L/min',
              {
                flow: litres.format(largestZoneFlow),
                limit: litres.format((largestZoneFlow * limits.mainlinePercent) / 100),
              },
            )}
      </Text>

      <Text size="sm" data-testid="meter-flow-limits">
        {t(
          'Addons.Flow.Unscheduled',
          'Unscheduled: over {{flow}} L/min for {{seconds}} s with no zone running',
          { flow: litres.format(limits.unscheduledFlow), seconds: limits.unscheduledDelaySeconds },
        )}
        <br />
        {t(
          'Addons.Flow.Mainline',
          'Mainline: over {{percent}} % of the largest zone flow for {{seconds}} s',
          { percent: limits.mainlinePercent, seconds: limits.mainlineDelaySeconds },
        )}
      </Text>
    </Stack>
  );
}
