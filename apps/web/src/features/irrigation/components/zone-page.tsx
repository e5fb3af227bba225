/**
 * The zone page (§2 /{siteId}/irrigation/{areaId}/zone/{sectionId}[?valve=]; issue 6): the zone's
 * run state with the time remaining (h:mm) and, with repeats to come, the next run (§4); start,
 * resume, stop, skip and test offered only when §4 allows them and the user holds the program
 * privilege; zone- or valve-based scheduling; its settings; and its valves in the Skipped, Active
 * and Faults panes (§2) with exclusion (not-interested icon), variation and fault, each valve's
 * control config editable (§4 rule) and testable with the control privilege.
 */
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Stack,
  Tabs,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import {
  formatSiteDateTime,
  isResumable,
  isSkippable,
  isStartable,
  isStoppable,
  isTestable,
  SETTING_UNITS,
  ZONE_VIEW_PANES,
  type Program,
  type ZoneViewPane,
} from '@paddock/domain';
import {
  IconAdjustments,
  IconBan,
  IconPencil,
  IconPlayerPlay,
  IconPlayerSkipForward,
  IconPlayerStop,
  IconTestPipe,
} from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ControlTestState } from '../hooks/use-control-tests.ts';
import type { ProgramActions, ProgramCommand } from '../hooks/use-program-actions.ts';
import {
  runStateColour,
  zoneNextRun,
  zoneTimeRemaining,
  type ValveView,
  type ZoneView,
} from '../irrigation-view.ts';
import { skipZoneBody } from '../program-edits.ts';
import { ClientStatusLine, StateBadge } from './state-badge.tsx';
import { ValveConfigModal } from './valve-config-modal.tsx';
import { ZoneSettingsModal } from './zone-settings-modal.tsx';

/** The panes a valve shows in: Skipped when excluded, else Active; Faults as well when faulted. */
export function valvePanes(valve: ValveView): ZoneViewPane[] {
  return [valve.excluded ? 'Skipped' : 'Active', ...(valve.fault ? (['Faults'] as const) : [])];
}

export interface ZonePageProps {
  readonly zone: ZoneView;
  readonly program: Program | undefined;
  readonly actions: ProgramActions;
  readonly valveTests: ReadonlyMap<number, ControlTestState>;
  readonly onTestValve: (valve: ValveView) => void;
  readonly canProgram: boolean;
  readonly canControl: boolean;
  readonly timeZone: string;
  readonly now: Date;
  readonly selectedValveId: number | null;
  readonly onSelectValve: (valveId: number) => void;
}

export function ZonePage(props: ZonePageProps) {
  const { zone, program, actions, canProgram, timeZone, now } = props;
  const { t } = useTranslation();
  const [modal, setModal] = useState<{ kind: 'settings' } | { kind: 'valve'; id: number } | null>(
    null,
  );
  const selected = zone.valves.find((valve) => valve.id === props.selectedValveId);
  const [pane, setPane] = useState<ZoneViewPane>(() =>
    selected ? (valvePanes(selected)[0] ?? 'Active') : 'Active',
  );
  const remaining = zoneTimeRemaining(zone, now);
  const nextRun = zoneNextRun(zone);
  const setting = zone.zone?.setting;
  const clientStatus = actions.state.clientStatus;
  const modalValve =
    modal?.kind === 'valve' ? zone.valves.find((v) => v.id === modal.id) : undefined;

  return (
    <Stack gap="md" component="section" aria-label={t('Zone {{zone}}', { zone: zone.label })}>
      <Card withBorder padding="md">
        <Stack gap="xs">
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <div>
              <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                {t('Irrigation.Zone.Number', { number: zone.number })}
              </Text>
              <Title order={2} size="h4">
                {zone.label}
              </Title>
            </div>
            <span
              data-testid="zone-run-state"
              data-run-state={zone.runState}
              style={{ flexShrink: 0 }}
            >
              <StateBadge colour={runStateColour(zone)} size="lg">
                {t(`Irrigation.RunState.${zone.runState}`)}
              </StateBadge>
            </span>
          </Group>
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
            <Text size="sm">
              {t('Irrigation.Zone.TimeRemaining')}:{' '}
              <Text span fw={600} data-testid="time-remaining">
                {remaining}
              </Text>
            </Text>
          )}
          {nextRun && (
            <Text size="sm">
              {t('Irrigation.Zone.NextRun')}:{' '}
              <Text span fw={600}>
                {formatSiteDateTime(nextRun, timeZone)}
              </Text>
            </Text>
          )}
          <ClientStatusLine status={clientStatus} />
          {!zone.zone && <Alert color="warning">{t('Irrigation.ZoneSettings.NotInProgram')}</Alert>}
          {canProgram && program && zone.zone && (
            <ZoneButtons
              zone={zone}
              program={program}
              actions={actions}
              now={now}
              onSettings={() => setModal({ kind: 'settings' })}
            />
          )}
        </Stack>
      </Card>

      {setting && (
        <Card
          withBorder
          padding="md"
          component="section"
          aria-label={t('Irrigation.Zone.Settings')}
        >
          <Title order={3} size="h5" mb="xs">
            {t('Irrigation.Zone.Settings')}
          </Title>
          <Group gap="lg">
            <Setting
              label={t('Irrigation.Setting.Depth')}
              value={`${setting.depth} ${SETTING_UNITS.depth}`}
            />
            <Setting
              label={t('Irrigation.Setting.Variation')}
              value={`${setting.variation} ${SETTING_UNITS.variation}`}
            />
            <Setting
              label={t('Irrigation.Setting.Cycles')}
              value={`${setting.cycles} ${SETTING_UNITS.cycles}`}
            />
            <Setting
              label={t('Irrigation.Setting.Repeat')}
              value={
                setting.repeat
                  ? t('Irrigation.Setting.RepeatEvery', {
                      hours: setting.repeatInterval,
                      count: setting.repeatCount,
                    })
                  : t('Irrigation.Setting.RepeatOff')
              }
            />
            <Setting
              label={t('Irrigation.Setting.Sequence')}
              value={
                zone.sequence === null
                  ? t('Irrigation.Sequences.None')
                  : t('Irrigation.Sequences.Name', { number: zone.sequence + 1 })
              }
            />
          </Group>
        </Card>
      )}

      <Card withBorder padding="md" component="section" aria-label={t('Irrigation.Valves.Title')}>
        <Title order={3} size="h5" mb="xs">
          {t('Irrigation.Valves.Title')}
        </Title>
        <Tabs value={pane} onChange={(value) => value && setPane(value as ZoneViewPane)}>
          <Tabs.List>
            {ZONE_VIEW_PANES.map((name) => (
              <Tabs.Tab key={name} value={name}>
                {t(`Irrigation.Pane.${name}`)} (
                {zone.valves.filter((valve) => valvePanes(valve).includes(name)).length})
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {ZONE_VIEW_PANES.map((name) => {
            const valves = zone.valves.filter((valve) => valvePanes(valve).includes(name));
            return (
              <Tabs.Panel key={name} value={name} pt="xs">
                {valves.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    {t(`Irrigation.Pane.Empty.${name}`)}
                  </Text>
                ) : (
                  <Stack
                    gap={0}
                    component="ul"
                    style={{ listStyle: 'none', padding: 0, margin: 0 }}
                  >
                    {valves.map((valve) => (
                      <ValveRow
                        key={valve.id}
                        valve={valve}
                        selected={valve.id === props.selectedValveId}
                        onSelect={() => props.onSelectValve(valve.id)}
                        test={props.canControl ? (props.valveTests.get(valve.id) ?? 'idle') : null}
                        onTest={() => props.onTestValve(valve)}
                        onConfig={
                          canProgram && program
                            ? () => setModal({ kind: 'valve', id: valve.id })
                            : null
                        }
                      />
                    ))}
                  </Stack>
                )}
              </Tabs.Panel>
            );
          })}
        </Tabs>
      </Card>

      {program && modal?.kind === 'settings' && (
        <ZoneSettingsModal
          opened
          onClose={() => setModal(null)}
          program={program}
          zoneId={zone.id}
          zoneLabel={zone.label}
          onApply={actions.apply}
        />
      )}
      {program && modalValve && (
        <ValveConfigModal
          opened
          onClose={() => setModal(null)}
          program={program}
          valve={modalValve}
          onApply={actions.apply}
        />
      )}
    </Stack>
  );
}

function Setting({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600}>
        {value}
      </Text>
    </div>
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
      <Button
        size="sm"
        variant="default"
        leftSection={<IconAdjustments size={16} />}
        onClick={onSettings}
      >
        {t('Irrigation.ZoneSettings.Open')}
      </Button>
    </Group>
  );
}

function ValveRow({
  valve,
  selected,
  onSelect,
  test,
  onTest,
  onConfig,
}: {
  valve: ValveView;
  selected: boolean;
  onSelect: () => void;
  /** The valve's test state, or null when the user may not test. */
  test: ControlTestState | null;
  onTest: () => void;
  onConfig: (() => void) | null;
}) {
  const { t } = useTranslation();
  return (
    <Group
      component="li"
      gap="sm"
      wrap="nowrap"
      py={6}
      px={4}
      data-valve={valve.id}
      aria-current={selected ? 'true' : undefined}
      onClick={onSelect}
      style={{
        borderBottom: '1px solid var(--mantine-color-default-border)',
        background: selected ? 'var(--mantine-color-selected-light)' : undefined,
        cursor: 'pointer',
      }}
    >
      <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
        <Group gap={6} wrap="nowrap">
          {valve.excluded && (
            <IconBan size={16} aria-label={t('Irrigation.Valve.Excluded')} role="img" />
          )}
          <Text size="sm" fw={600} truncate>
            {valve.label}
          </Text>
        </Group>
        <Text size="xs" c="dimmed">
          {t('Irrigation.Valve.Number', { number: valve.number })} ·{' '}
          {t(`Irrigation.RunState.${valve.status}`)} · {t(`Irrigation.Device.${valve.device}`)}
          {valve.variation !== 0 &&
            ` · ${valve.variation > 0 ? '+' : ''}${valve.variation} ${SETTING_UNITS.variation}`}
        </Text>
      </Stack>
      {valve.fault && (
        <Badge size="sm" color="fault">
          {t('Irrigation.Zone.Fault')}
        </Badge>
      )}
      {test !== null && (
        <Button
          size="compact-xs"
          variant="outline"
          color="test"
          loading={test === 'loading'}
          onClick={(event) => {
            event.stopPropagation();
            onTest();
          }}
          aria-label={t('Irrigation.Valve.TestFor', { valve: valve.label })}
        >
          {t('Irrigation.Action.Test')}
        </Button>
      )}
      {onConfig && (
        <Tooltip label={t('Irrigation.ValveConfig.Open')}>
          <ActionIcon
            variant="subtle"
            aria-label={t('Irrigation.ValveConfig.OpenFor', { valve: valve.label })}
            onClick={(event) => {
              event.stopPropagation();
              onConfig();
            }}
          >
            <IconPencil size={16} />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}
