/**
 * The zone's flow supervision (issue 30 item 1): the flow its runs are judged against and where
 * it comes from (learned from its metered runs, else designed, else nothing: then its flow is not
 * supervised), its limits in words with the flows they come to, and, for those with edit on the
 * area, "Learn now" (the server learns from the runs it has) and the limits editor.
 */
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { formatSiteDateTime, LEARNED_FLOW_MIN_RUNS, type ZoneFlowSettings } from '@paddock/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useZoneFlow } from '../../../data/flow-supervision/get-zone-flow.ts';
import { useLearnZoneFlow } from '../../../data/flow-supervision/learn-zone-flow.ts';
import { SectionCard } from './section-card.tsx';
import { ZoneFlowModal } from './zone-flow-modal.tsx';

export function ZoneFlowCard(props: {
  areaId: number;
  sectionId: number;
  timeZone: string;
  /** The user holds edit on the area: learn now and edit the limits. */
  canEdit: boolean;
}) {
  const { t } = useTranslation();
  const flow = useZoneFlow(props.areaId, props.sectionId);
  const learn = useLearnZoneFlow(props.areaId, props.sectionId);
  const [editing, setEditing] = useState(false);
  return (
    <SectionCard title={t('Irrigation.Flow.Title', 'Flow')}>
      {flow.data ? (
        <Stack gap="xs">
          <ZoneFlowBody flow={flow.data} timeZone={props.timeZone} />
          {learn.isError && (
            <Alert color="fault" p={6} role="alert">
              {t('Irrigation.Flow.LearnFailed', 'The flow could not be learned.')}
            </Alert>
          )}
          {props.canEdit && (
            <Group gap="xs">
              <Button
                size="xs"
                variant="default"
                loading={learn.isPending}
                onClick={() => learn.mutate()}
                data-testid="zone-flow-learn"
              >
                {t('Irrigation.Flow.LearnNow', 'Learn now')}
              </Button>
              <Button size="xs" variant="default" onClick={() => setEditing(true)}>
                {t('Irrigation.Flow.EditLimits', 'Edit limits')}
              </Button>
            </Group>
          )}
          {editing && (
            <ZoneFlowModal
              areaId={props.areaId}
              flow={flow.data}
              onClose={() => setEditing(false)}
            />
          )}
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          {flow.isError
            ? t('Irrigation.Flow.Unavailable', 'The flow settings are not available.')
            : '…'}
        </Text>
      )}
    </SectionCard>
  );
}

function ZoneFlowBody({ flow, timeZone }: { flow: ZoneFlowSettings; timeZone: string }) {
  const { t, i18n } = useTranslation();
  const litres = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });
  const { expected, learned, limits, designedFlow } = flow;
  const notLearned = t(
    'Irrigation.Flow.NotLearned',
    'Not learned yet: {{runs}} of {{needed}} runs',
    {
      runs: learned.runs,
      needed: LEARNED_FLOW_MIN_RUNS,
    },
  );
  // What the expected flow rests on, then what backs it up or what is still missing.
  const [main, aside] =
    expected.source === 'learned' && expected.flow !== null
      ? [
          t('Irrigation.Flow.Learned', 'Learned {{flow}} L/min from {{runs}} runs', {
            flow: litres.format(expected.flow),
            runs: learned.runs,
          }),
          designedFlow === null
            ? null
            : t('Irrigation.Flow.DesignedAside', 'Designed {{flow}} L/min, used until learned', {
                flow: litres.format(designedFlow),
              }),
        ]
      : expected.source === 'designed' && expected.flow !== null
        ? [
            t('Irrigation.Flow.Designed', 'Designed {{flow}} L/min', {
              flow: litres.format(expected.flow),
            }),
            notLearned,
          ]
        : [
            notLearned,
            t(
              'Irrigation.Flow.Unsupervised',
              'With no learned or designed flow, the zone’s flow is not supervised.',
            ),
          ];
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600} data-testid="zone-flow-expected">
        {main}
      </Text>
      {aside && (
        <Text size="xs" c="dimmed" data-testid="zone-flow-aside">
          {aside}
        </Text>
      )}
      {learned.at && (
        <Text size="xs" c="dimmed">
          {t('Irrigation.Flow.CountedAt', 'Runs last counted {{time}}', {
            time: formatSiteDateTime(new Date(learned.at), timeZone),
          })}
        </Text>
      )}
      <Text size="sm" data-testid="zone-flow-limits">
        {t(
          'Irrigation.Flow.Limits',
          'Settle {{settle}} s · high +{{high}} % for {{highDelay}} s · low −{{low}} % for {{lowDelay}} s',
          {
            settle: limits.settleSeconds,
            high: limits.highPercent,
            highDelay: limits.highDelaySeconds,
            low: limits.lowPercent,
            lowDelay: limits.lowDelaySeconds,
          },
        )}
      </Text>
      {expected.flow !== null && (
        <Text size="xs" c="dimmed" data-testid="zone-flow-bounds">
          {t(
            'Irrigation.Flow.Bounds',
            'Closed above {{high}} L/min; a warning below {{low}} L/min',
            {
              high: litres.format(expected.flow * (1 + limits.highPercent / 100)),
              low: litres.format(expected.flow * (1 - limits.lowPercent / 100)),
            },
          )}
        </Text>
      )}
    </Stack>
  );
}
