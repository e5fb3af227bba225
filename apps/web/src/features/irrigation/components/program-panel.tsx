/**
 * The program panel (issue 6): the area's program with its §4 activity and display state in the
 * §9 colours, the manual flag, the last-irrigation time, the start, pause, resume and test buttons
 * (offered only when §4 allows and the user holds the program privilege), the client status of
 * the last action, the sequences (up to 4, §9) and the zones, sorted by number or activity
 * (stored preference programSorting), each linking to its zone page and editable.
 */
import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  SegmentedControl,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import {
  formatSiteDateTime,
  isResumable,
  isStartable,
  isStoppable,
  SETTING_UNITS,
  zonePath,
  type Control,
  type Program,
  type ProgramSort,
  type ZoneRunState,
} from '@paddock/domain';
import {
  IconAdjustments,
  IconListNumbers,
  IconPencil,
  IconPlayerPause,
  IconPlayerPlay,
  IconTestPipe,
} from '@tabler/icons-react';
import { memo, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ProgramActions, ProgramCommand } from '../hooks/use-program-actions.ts';
import {
  colourOf,
  sortZones,
  zoneTimeRemaining,
  TEST_COLOUR,
  type ProgramView,
  type ZoneView,
} from '../irrigation-view.ts';
import { ProgramSettingsModal } from './program-settings-modal.tsx';
import { SequencesModal } from './sequences-modal.tsx';
import { ClientStatusLine, ColourSwatch, StateBadge } from './state-badge.tsx';
import { ZoneSettingsModal } from './zone-settings-modal.tsx';

export interface ProgramPanelProps {
  readonly program: Program;
  readonly view: ProgramView;
  readonly zones: readonly ZoneView[];
  readonly actions: ProgramActions;
  readonly canProgram: boolean;
  readonly timeZone: string;
  readonly now: Date;
  readonly siteId: number;
  readonly areaId: number;
  readonly pumps: readonly Control[];
  readonly sort: ProgramSort;
  readonly onSortChange: (sort: ProgramSort) => void;
}

type Modal = { kind: 'zone'; zoneId: number } | { kind: 'sequences' } | { kind: 'settings' };

export function ProgramPanel(props: ProgramPanelProps) {
  const { program, view, zones, actions, canProgram, timeZone, now, siteId, areaId } = props;
  const { t } = useTranslation();
  const [modal, setModal] = useState<Modal | null>(null);
  const sorted = useMemo(() => sortZones(zones, props.sort), [zones, props.sort]);
  const byId = useMemo(() => new Map(zones.map((zone) => [zone.id, zone])), [zones]);
  const clientStatus = actions.state.clientStatus;
  const modalZone = modal?.kind === 'zone' ? byId.get(modal.zoneId) : undefined;

  return (
    <Stack gap="md" component="section" aria-label={t('Irrigation.Program.Label')}>
      <Card withBorder padding="md">
        <Stack gap="xs">
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <div>
              <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                {t('Irrigation.Program.Label')}
              </Text>
              <Title order={2} size="h4">
                {program.name}
              </Title>
            </div>
            <Group gap={6} justify="flex-end" style={{ flexShrink: 0 }}>
              {view.manual && (
                <Badge variant="outline" color="gray">
                  {t('Irrigation.Program.Manual')}
                </Badge>
              )}
              <span data-testid="program-display" data-display={view.display}>
                <StateBadge colour={view.colour} size="lg">
                  {t(`ProgramDisplay.${view.display}`)}
                </StateBadge>
              </span>
            </Group>
          </Group>
          <Text size="sm">
            {t('Irrigation.Program.LastIrrigation')}:{' '}
            <Text span fw={600}>
              {view.lastIrrigation ? formatSiteDateTime(view.lastIrrigation, timeZone) : '--'}
            </Text>
          </Text>
          {program.status.requestActive && (
            <Text size="sm" c="dimmed">
              {t('Irrigation.Program.RequestActive')}
            </Text>
          )}
          <ClientStatusLine status={clientStatus} />
          {canProgram && (
            <ProgramButtons program={program} view={view} actions={actions} onEdit={setModal} />
          )}
        </Stack>
      </Card>

      <Card
        withBorder
        padding="md"
        component="section"
        aria-label={t('Irrigation.Sequences.Title')}
      >
        <Group justify="space-between" mb="xs">
          <Title order={3} size="h5">
            {t('Irrigation.Sequences.Title')}
          </Title>
          {canProgram && (
            <Button
              size="compact-sm"
              variant="light"
              leftSection={<IconListNumbers size={16} />}
              onClick={() => setModal({ kind: 'sequences' })}
            >
              {t('Irrigation.Sequences.Edit')}
            </Button>
          )}
        </Group>
        <Stack gap={6}>
          {program.schedule.sequences.map((sequence, index) => (
            <div key={index}>
              <Text size="sm" fw={600}>
                {t('Irrigation.Sequences.Name', { number: index + 1 })}
              </Text>
              <Text size="sm" c="dimmed">
                {sequence.map((id) => byId.get(id)?.label ?? `#${id}`).join(', ') ||
                  t('Irrigation.Sequences.Empty')}
              </Text>
            </div>
          ))}
          {zones.some((zone) => zone.banned) && (
            <div>
              <Text size="sm" fw={600}>
                {t('Irrigation.Sequences.Banned')}
              </Text>
              <Text size="sm" c="dimmed">
                {zones
                  .filter((zone) => zone.banned)
                  .map((zone) => zone.label)
                  .join(', ')}
              </Text>
            </div>
          )}
        </Stack>
      </Card>

      <Card withBorder padding="md" component="section" aria-label={t('Irrigation.Zones.Title')}>
        <Group justify="space-between" mb="xs" gap="xs">
          <Title order={3} size="h5">
            {t('Irrigation.Zones.Title')}
          </Title>
          <SegmentedControl
            size="xs"
            value={props.sort}
            onChange={(value) => props.onSortChange(value as ProgramSort)}
            aria-label={t('Irrigation.Zones.SortBy')}
            data={[
              { value: 'number', label: t('Irrigation.Zones.SortNumber') },
              { value: 'activity', label: t('Irrigation.Zones.SortActivity') },
            ]}
          />
        </Group>
        <Stack gap={0} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {sorted.map((zone) => (
            <ZoneRow
              key={zone.id}
              id={zone.id}
              label={zone.label}
              href={zonePath({ siteId, areaId, sectionId: zone.id })}
              fill={colourOf(zone.fill)}
              stroke={zone.testMode ? TEST_COLOUR : colourOf(zone.stroke)}
              runState={zone.runState}
              hasFaults={zone.hasFaults}
              banned={zone.banned}
              testMode={zone.testMode}
              remaining={zoneTimeRemaining(zone, now)}
              depth={zone.zone?.setting.depth ?? null}
              variation={zone.zone?.setting.variation ?? null}
              cycles={zone.zone?.setting.cycles ?? null}
              onEdit={canProgram && zone.zone ? setModal : null}
            />
          ))}
        </Stack>
      </Card>

      {canProgram && (
        <>
          {modalZone && (
            <ZoneSettingsModal
              opened
              onClose={() => setModal(null)}
              program={program}
              zoneId={modalZone.id}
              zoneLabel={modalZone.label}
              onApply={actions.apply}
            />
          )}
          {modal?.kind === 'sequences' && (
            <SequencesModal
              opened
              onClose={() => setModal(null)}
              program={program}
              zones={zones}
              onApply={actions.apply}
            />
          )}
          {modal?.kind === 'settings' && (
            <ProgramSettingsModal
              opened
              onClose={() => setModal(null)}
              program={program}
              pumps={props.pumps}
              onApply={actions.apply}
            />
          )}
        </>
      )}
    </Stack>
  );
}

/**
 * Start, resume, pause and test as §4 allows them on the shown activity (start and test when
 * stopped, resume when paused, pause when starting, resuming or running). While a request is
 * being carried out only pause is offered (the server refuses the rest, and stopping water must
 * never wait).
 */
function ProgramButtons({
  program,
  view,
  actions,
  onEdit,
}: {
  program: Program;
  view: ProgramView;
  actions: ProgramActions;
  onEdit: (modal: Modal) => void;
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
      {isStartable(view.activity) &&
        button({ kind: 'start' }, t('Irrigation.Action.Start'), <IconPlayerPlay size={16} />, busy)}
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
          t('Irrigation.Action.Pause'),
          <IconPlayerPause size={16} />,
          actions.pending?.kind === 'pause',
        )}
      {isStartable(view.activity) && (
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
      )}
      <Button
        size="sm"
        variant="default"
        leftSection={<IconAdjustments size={16} />}
        onClick={() => onEdit({ kind: 'settings' })}
      >
        {t('Irrigation.ProgramSettings.Open')}
      </Button>
    </Group>
  );
}

interface ZoneRowProps {
  readonly id: number;
  readonly label: string;
  readonly href: string;
  readonly fill: string;
  readonly stroke: string;
  readonly runState: ZoneRunState;
  readonly hasFaults: boolean;
  readonly banned: boolean;
  readonly testMode: boolean;
  readonly remaining: string | null;
  readonly depth: number | null;
  readonly variation: number | null;
  readonly cycles: number | null;
  readonly onEdit: ((modal: Modal) => void) | null;
}

/** One zone of the list; memoised on plain values so a poll redraws only the zones that changed. */
const ZoneRow = memo(function ZoneRow(props: ZoneRowProps) {
  const { t } = useTranslation();
  const settings =
    props.depth === null
      ? t('Irrigation.Zones.NotInProgram')
      : [
          `${props.depth} ${SETTING_UNITS.depth}`,
          `${props.variation ?? 0} ${SETTING_UNITS.variation}`,
          `${props.cycles ?? 0} ${SETTING_UNITS.cycles}`,
        ].join(' · ');
  return (
    <Group
      component="li"
      gap="sm"
      wrap="nowrap"
      py={6}
      data-zone={props.id}
      data-run-state={props.runState}
      style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
    >
      <ColourSwatch fill={props.fill} stroke={props.stroke} />
      <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
        <Anchor component={Link} to={props.href} size="sm" fw={600} truncate>
          {props.label}
        </Anchor>
        <Text size="xs" c="dimmed">
          {settings}
        </Text>
      </Stack>
      <Stack gap={2} align="flex-end">
        <Text size="xs" fw={600}>
          {t(`Irrigation.RunState.${props.runState}`)}
          {props.remaining !== null && ` · ${props.remaining}`}
        </Text>
        <Group gap={4}>
          {props.hasFaults && (
            <Badge size="xs" color="fault">
              {t('Irrigation.Zone.Fault')}
            </Badge>
          )}
          {props.testMode ? (
            <Badge size="xs" color="test">
              {t('Irrigation.Zone.TestMode')}
            </Badge>
          ) : (
            props.banned && (
              <Badge size="xs" color="gray" variant="outline">
                {t('Irrigation.Zone.Banned')}
              </Badge>
            )
          )}
        </Group>
      </Stack>
      {props.onEdit && (
        <Tooltip label={t('Irrigation.ZoneSettings.Open')}>
          <ActionIcon
            variant="subtle"
            aria-label={t('Irrigation.ZoneSettings.OpenFor', { zone: props.label })}
            onClick={() => props.onEdit?.({ kind: 'zone', zoneId: props.id })}
          >
            <IconPencil size={16} />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
});
