/**
 * The zone's valves in the Skipped, Active and Faults panes (§2), each with its exclusion
 * (not-interested icon), variation and fault, its test with the control privilege and its
 * control config with the program privilege; picking a valve selects it on the map.
 */
import { ActionIcon, Badge, Button, Group, Tabs, Text, Tooltip } from '@mantine/core';
import { SETTING_UNITS, ZONE_VIEW_PANES, type ZoneViewPane } from '@paddock/domain';
import { IconBan, IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ControlTestState } from '../hooks/use-control-tests.ts';
import type { ValveView, ZoneView } from '../irrigation-view.ts';
import { CardList, CardListRow, CardListRowMain } from './card-list.tsx';
import { SectionCard } from './section-card.tsx';

/** The panes a valve shows in: Skipped when excluded, else Active; Faults as well when faulted. */
export function valvePanes(valve: ValveView): ZoneViewPane[] {
  return [valve.excluded ? 'Skipped' : 'Active', ...(valve.fault ? (['Faults'] as const) : [])];
}

export interface ZoneValvesCardProps {
  readonly zone: ZoneView;
  readonly pane: ZoneViewPane;
  readonly onPane: (pane: ZoneViewPane) => void;
  readonly selectedValveId: number | null;
  readonly onSelectValve: (valveId: number) => void;
  /** Each valve's test state; null when the user may not test. */
  readonly valveTests: ReadonlyMap<number, ControlTestState> | null;
  readonly onTestValve: (valve: ValveView) => void;
  /** Opens a valve's control config; null without the program privilege. */
  readonly onConfigValve: ((valveId: number) => void) | null;
}

export function ZoneValvesCard(props: ZoneValvesCardProps) {
  const { zone, pane, onPane, onConfigValve } = props;
  const { t } = useTranslation();
  return (
    <SectionCard title={t('Irrigation.Valves.Title')}>
      <Tabs value={pane} onChange={(value) => value && onPane(value as ZoneViewPane)}>
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
                <CardList>
                  {valves.map((valve) => (
                    <ValveRow
                      key={valve.id}
                      valve={valve}
                      selected={valve.id === props.selectedValveId}
                      onSelect={() => props.onSelectValve(valve.id)}
                      test={props.valveTests ? (props.valveTests.get(valve.id) ?? 'idle') : null}
                      onTest={() => props.onTestValve(valve)}
                      onConfig={onConfigValve ? () => onConfigValve(valve.id) : null}
                    />
                  ))}
                </CardList>
              )}
            </Tabs.Panel>
          );
        })}
      </Tabs>
    </SectionCard>
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
    <CardListRow
      px={4}
      data-valve={valve.id}
      aria-current={selected ? 'true' : undefined}
      onClick={onSelect}
      style={{
        background: selected ? 'var(--mantine-color-selected-light)' : undefined,
        cursor: 'pointer',
      }}
    >
      <CardListRowMain>
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
      </CardListRowMain>
      {valve.fault && (
        <Badge size="sm" color="fault">
          {t('Irrigation.Zone.Fault')}
        </Badge>
      )}
      {test === 'waiting' && (
        <Text size="xs" c="dimmed" data-testid="valve-waiting">
          {t('Irrigation.Valve.WaitingForDevice')}
        </Text>
      )}
      {test !== null && (
        <Button
          size="compact-xs"
          variant="outline"
          color="test"
          loading={test === 'loading' || test === 'waiting'}
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
    </CardListRow>
  );
}
