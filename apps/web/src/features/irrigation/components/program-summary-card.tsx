/**
 * The program's own card in the program panel (issue 6): its §4 display state in the §9 colours,
 * the manual flag, the "water the deficit" mode (issue 30), the last-irrigation time, when a
 * delayed start will start, the client status of the last action and, with the program
 * privilege, its buttons.
 */
import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import {
  formatSiteDateTime,
  isResumable,
  isStartable,
  isStoppable,
  pendingStartTime,
  type Program,
} from '@paddock/domain';
import { IconPlayerPause, IconPlayerPlay, IconTestPipe } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProgramActions, ProgramCommand } from '../hooks/use-program-actions.ts';
import type { ProgramView } from '../irrigation-view.ts';
import { PendingStartLine, StartWhenButton } from './delayed-start.tsx';
import { ClientStatusLine, StateBadge } from './state-badge.tsx';
import { SettingsButton, SummaryCardHeading, SummaryFact } from './summary-card-parts.tsx';

export function ProgramSummaryCard({
  program,
  view,
  actions,
  canProgram,
  timeZone,
  now,
  onOpenSettings,
}: {
  program: Program;
  view: ProgramView;
  actions: ProgramActions;
  canProgram: boolean;
  timeZone: string;
  now: Date;
  onOpenSettings: () => void;
}) {
  const { t } = useTranslation();
  const startsAt = pendingStartTime(program.status, now);
  return (
    <Card withBorder padding="md">
      <Stack gap="xs">
        <SummaryCardHeading kicker={t('Irrigation.Program.Label')} name={program.name}>
          <Group gap={6} justify="flex-end" style={{ flexShrink: 0 }}>
            {view.manual && (
              <Badge variant="outline" color="gray">
                {t('Irrigation.Program.Manual')}
              </Badge>
            )}
            {program.schedule.deficitMode && (
              <Badge variant="outline" color="blue">
                {t('Irrigation.Program.Deficit', 'Water the deficit')}
              </Badge>
            )}
            <span data-testid="program-display" data-display={view.display}>
              <StateBadge colour={view.colour} size="lg">
                {t(`ProgramDisplay.${view.display}`)}
              </StateBadge>
            </span>
          </Group>
        </SummaryCardHeading>
        <SummaryFact
          label={t('Irrigation.Program.LastIrrigation')}
          value={view.lastIrrigation ? formatSiteDateTime(view.lastIrrigation, timeZone) : '--'}
        />
        {startsAt && <PendingStartLine at={startsAt} now={now} timeZone={timeZone} />}
        {program.status.requestActive && (
          <Text size="sm" c="dimmed">
            {t('Irrigation.Program.RequestActive')}
          </Text>
        )}
        <ClientStatusLine status={actions.state.clientStatus} />
        {canProgram && (
          <ProgramButtons
            program={program}
            view={view}
            actions={actions}
            timeZone={timeZone}
            startPending={startsAt !== null}
            onOpenSettings={onOpenSettings}
          />
        )}
      </Stack>
    </Card>
  );
}

/**
 * Start, resume, pause and test as §4 allows them on the shown activity (start and test when
 * stopped, resume when paused, pause when starting, resuming or running). While a request is
 * being carried out only pause is offered (the server refuses the rest, and stopping water must
 * never wait). Start and test each have a button beside them for now or a later time; a start
 * still to come is called off with pause, worded "Cancel start" (it leaves the program stopped).
 */
function ProgramButtons({
  program,
  view,
  actions,
  timeZone,
  startPending,
  onOpenSettings,
}: {
  program: Program;
  view: ProgramView;
  actions: ProgramActions;
  timeZone: string;
  startPending: boolean;
  onOpenSettings: () => void;
}) {
  const { t } = useTranslation();
  const busy = program.status.requestActive || actions.pending !== null;
  const button = (command: ProgramCommand, label: string, icon: ReactNode, disabled: boolean) => (
    <Button
      size="sm"
      leftSection={icon}
      disabled={disabled}
      loading={actions.pending?.kind === command.kind}
      onClick={() => actions.run(command)}
    >
      {label}
    </Button>
  );
  return (
    <Group gap="xs" mt={4}>
      {isStartable(view.activity) && (
        <Button.Group>
          {button(
            { kind: 'start' },
            t('Irrigation.Action.Start'),
            <IconPlayerPlay size={16} />,
            busy,
          )}
          <StartWhenButton
            action="start"
            timeZone={timeZone}
            disabled={busy}
            onRun={(startTime) => actions.run({ kind: 'start', startTime })}
          />
        </Button.Group>
      )}
      {isResumable(view.activity) &&
        button(
          { kind: 'resume' },
          t('Irrigation.Action.Resume'),
          <IconPlayerPlay size={16} />,
          busy,
        )}
      {isStoppable(view.activity) &&
        button(
          { kind: 'pause' },
          t(startPending ? 'Irrigation.Action.CancelStart' : 'Irrigation.Action.Pause'),
          <IconPlayerPause size={16} />,
          actions.pending?.kind === 'pause',
        )}
      {isStartable(view.activity) && (
        <Button.Group>
          <Button
            size="sm"
            variant="outline"
            color="test"
            leftSection={<IconTestPipe size={16} />}
            disabled={busy}
            loading={actions.pending?.kind === 'test'}
            onClick={() => actions.run({ kind: 'test' })}
          >
            {t('Irrigation.Action.Test')}
          </Button>
          <StartWhenButton
            action="test"
            timeZone={timeZone}
            disabled={busy}
            onRun={(startTime) => actions.run({ kind: 'test', startTime })}
          />
        </Button.Group>
      )}
      <SettingsButton label={t('Irrigation.ProgramSettings.Open')} onClick={onOpenSettings} />
    </Group>
  );
}
