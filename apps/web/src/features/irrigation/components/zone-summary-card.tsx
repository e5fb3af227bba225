/**
 * The zone's own card on its page (§2): its run state with the time remaining (h:mm) and, with
 * repeats to come, the next run (§4), its scheduling and flags, the client status of the last
 * action and, with the program privilege, its buttons.
 */
import { Alert, Badge, Button, Card, Group, Stack } from '@mantine/core';
import {
  formatSiteDateTime,
  isResumable,
  isSkippable,
  isStartable,
  isStoppable,
  isTestable,
  type Program,
} from '@paddock/domain';
import {
  IconPlayerPlay,
  IconPlayerSkipForward,
  IconPlayerStop,
  IconTestPipe,
} from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProgramActions, ProgramCommand } from '../hooks/use-program-actions.ts';
import {
  runStateColour,
  zoneNextRun,
  zoneTimeRemaining,
  type ZoneView,
} from '../irrigation-view.ts';
import { skipZoneBody } from '../program-edits.ts';
import { ClientStatusLine, StateBadge } from './state-badge.tsx';
import { SettingsButton, SummaryCardHeading, SummaryFact } from './summary-card-parts.tsx';

export function ZoneSummaryCard({
  zone,
  program,
  actions,
  canProgram,
  timeZone,
  now,
  onSettings,
  rename,
}: {
  zone: ZoneView;
  program: Program | undefined;
  actions: ProgramActions;
  canProgram: boolean;
  timeZone: string;
  now: Date;
  onSettings: () => void;
  /** The zone's rename (edit), beside its name. */
  rename?: ReactNode;
}) {
  const { t } = useTranslation();
  const remaining = zoneTimeRemaining(zone, now);
  const nextRun = zoneNextRun(zone);
  return (
    <Card withBorder padding="md">
      <Stack gap="xs">
        <SummaryCardHeading
          kicker={t('Irrigation.Zone.Number', { number: zone.number })}
          name={zone.label}
          rename={rename}
        >
          <span
            data-testid="zone-run-state"
            data-run-state={zone.runState}
            style={{ flexShrink: 0 }}
          >
            <StateBadge colour={runStateColour(zone)} size="lg">
              {t(`Irrigation.RunState.${zone.runState}`)}
            </StateBadge>
          </span>
        </SummaryCardHeading>
        <Group gap={6}>
          {zone.scheduling && (
            <Badge variant="light" color="gray">
              {t(`Irrigation.Scheduling.${zone.scheduling}`)}
            </Badge>
          )}
          {zone.manual && (
            <Badge variant="outline" color="gray">
              {t('Irrigation.Setting.Manual')}
            </Badge>
          )}
          {zone.testMode ? (
            <Badge color="test">{t('Irrigation.Zone.TestMode')}</Badge>
          ) : (
            zone.banned && (
              <Badge color="gray" variant="outline">
                {t('Irrigation.Zone.Banned')}
              </Badge>
            )
          )}
          {zone.hasFaults && <Badge color="fault">{t('Irrigation.Zone.Fault')}</Badge>}
        </Group>
        {remaining !== null && (
          <SummaryFact
            label={t('Irrigation.Zone.TimeRemaining')}
            value={remaining}
            testId="time-remaining"
          />
        )}
        {nextRun && (
          <SummaryFact
            label={t('Irrigation.Zone.NextRun')}
            value={formatSiteDateTime(nextRun, timeZone)}
          />
        )}
        <ClientStatusLine status={actions.state.clientStatus} />
        {!zone.zone && <Alert color="warning">{t('Irrigation.ZoneSettings.NotInProgram')}</Alert>}
        {canProgram && program && zone.zone && (
          <ZoneButtons
            zone={zone}
            program={program}
            actions={actions}
            now={now}
            onSettings={onSettings}
          />
        )}
      </Stack>
    </Card>
  );
}

/**
 * §4 zone actions on the run state: start when stopped, resume when paused, stop when starting,
 * resuming or running, skip when stopped and not banned or with repeats to come, test with
 * zone-based scheduling when not active and not starting. While a request is being carried out
 * only stop is offered.
 */
function ZoneButtons({
  zone,
  program,
  actions,
  now,
  onSettings,
}: {
  zone: ZoneView;
  program: Program;
  actions: ProgramActions;
  now: Date;
  onSettings: () => void;
}) {
  const { t } = useTranslation();
  const application = zone.zone?.application;
  const busy = program.status.requestActive || actions.pending !== null;
  const [skipping, setSkipping] = useState(false);
  const pendingHere = (kind: ProgramCommand['kind']) =>
    actions.pending?.kind === kind &&
    'zoneId' in actions.pending &&
    actions.pending.zoneId === zone.id;
  const command = (
    kind: 'zoneStart' | 'zoneResume' | 'zoneStop' | 'zoneTest',
    label: string,
    icon: ReactNode,
    options: { disabled: boolean; color?: string; variant?: string },
  ) => (
    <Button
      size="sm"
      leftSection={icon}
      disabled={options.disabled}
      loading={pendingHere(kind)}
      color={options.color}
      variant={options.variant ?? 'filled'}
      onClick={() => actions.run({ kind, zoneId: zone.id })}
    >
      {label}
    </Button>
  );
  // Skipping a manual zone without repeats would change nothing: it already waits to be started.
  const skippable =
    isSkippable(zone.runState, zone.banned) && (zone.runState === 'repeats' || !zone.manual);
  return (
    <Group gap="xs" mt={4}>
      {isStartable(zone.runState) &&
        command('zoneStart', t('Irrigation.Action.StartZone'), <IconPlayerPlay size={16} />, {
          disabled: busy,
        })}
      {isResumable(zone.runState) &&
        command('zoneResume', t('Irrigation.Action.Resume'), <IconPlayerPlay size={16} />, {
          disabled: busy,
        })}
      {isStoppable(zone.runState) &&
        command('zoneStop', t('Irrigation.Action.Stop'), <IconPlayerStop size={16} />, {
          disabled: pendingHere('zoneStop'),
          color: 'fault',
        })}
      {skippable && (
        <Button
          size="sm"
          variant="light"
          leftSection={<IconPlayerSkipForward size={16} />}
          loading={skipping}
          onClick={() => {
            setSkipping(true);
            void actions.apply(skipZoneBody(program, zone.id)).finally(() => setSkipping(false));
          }}
        >
          {t('Irrigation.Action.Skip')}
        </Button>
      )}
      {application &&
        isTestable(application, now) &&
        command('zoneTest', t('Irrigation.Action.Test'), <IconTestPipe size={16} />, {
          disabled: busy,
          color: 'test',
          variant: 'outline',
        })}
      <SettingsButton label={t('Irrigation.ZoneSettings.Open')} onClick={onSettings} />
    </Group>
  );
}
