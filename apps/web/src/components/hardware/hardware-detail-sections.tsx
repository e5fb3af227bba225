/**
 * The parts of a radio's or unit's detail pane (§2 hardware list view "Detail"): its heading and
 * state, the grid of its readings and links, and the radios it relays or is relayed by.
 */
import { Anchor, Badge, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { formatSiteDateTime, isLowBattery, isWeakSignal, lastUpdateDisplay } from '@paddock/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatLastUpdate } from '../../lib/format-last-update.ts';
import { DevEui } from './dev-eui.tsx';
import { isDanger, type HardwareItem, type HardwareSelection } from './hardware-items.ts';
import { StateMark } from './hardware-list.tsx';
import { ReportInterval } from './report-interval.tsx';
import { SignalBars } from './signal-bars.tsx';

type Select = (selection: HardwareSelection) => void;

/** The serial number, type and zone, the coordinator and repeater badges, and the §9 state. */
export function HardwareDetailHeading({ item }: { item: HardwareItem }) {
  const { t } = useTranslation();
  return (
    <>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div>
          <Title order={3} size="h4" ff="monospace">
            {item.serialno}
          </Title>
          <Text size="sm" c="dimmed">
            {t(`Hardware.Type.${item.type}`)}
            {item.zone ? ` · ${item.zone}` : ''}
          </Text>
        </div>
        <Group gap={4}>
          {item.coordinator && (
            <Badge variant="outline" color="info">
              {t('Hardware.Coordinator')}
            </Badge>
          )}
          {item.repeater && (
            <Badge variant="outline" color="info">
              {t('Hardware.Repeater')}
            </Badge>
          )}
        </Group>
      </Group>
      <Group
        gap="xs"
        data-testid="hardware-detail-state"
        data-state={item.state}
        data-danger={isDanger(item)}
      >
        <StateMark item={item} />
        {item.overdue && (
          <Badge color="fault" variant="filled">
            {t('Hardware.Overdue')}
          </Badge>
        )}
        {item.fault && (
          <Badge color="fault" variant="light">
            {t('Hardware.Fault')}
          </Badge>
        )}
      </Group>
    </>
  );
}

/** What the facts need; the detail pane is given these and more (hardware-detail.tsx). */
export interface HardwareFactsProps {
  readonly item: HardwareItem;
  /** Every row of the area, to name the parent and children of a repeater or coordinator. */
  readonly items: readonly HardwareItem[];
  readonly siteId: number;
  readonly areaId: number;
  readonly timeZone: string;
  readonly now: Date;
  /** §6 install: edit the reporting interval. */
  readonly canInstall: boolean;
  /** The site's admin (§6 top role): set a radio's devEUI. */
  readonly canSetDevEui: boolean;
  readonly onSelect: Select;
}

/**
 * Last update, a radio's readings, the reporting interval, a radio's devEUI and the unit's radio
 * (or radio's unit).
 */
export function HardwareFacts({
  item,
  items,
  now,
  timeZone,
  onSelect,
  ...props
}: HardwareFactsProps) {
  const { t, i18n } = useTranslation();
  const lastUpdate = item.lastUpdate ? new Date(item.lastUpdate) : null;
  const radioOfUnit =
    item.radioId === null
      ? undefined
      : items.find((c) => c.kind === 'radio' && c.id === item.radioId);
  const unitOfRadio =
    item.unitId === null ? undefined : items.find((c) => c.kind === 'unit' && c.id === item.unitId);
  return (
    <SimpleGrid cols={2} spacing="xs" verticalSpacing={6}>
      <Field label={t('Hardware.Column.updated')}>
        <Text size="sm" c={item.overdue ? 'fault' : undefined}>
          {formatLastUpdate(lastUpdateDisplay(item.lastUpdate, now), i18n.language)}
        </Text>
        {lastUpdate && (
          <Text size="xs" c="dimmed">
            {formatSiteDateTime(lastUpdate, timeZone)}
          </Text>
        )}
      </Field>
      {item.kind === 'radio' && <RadioReadings item={item} />}
      <Field label={t('Hardware.ReportInterval.Label')}>
        <ReportInterval
          key={`${item.kind}-${item.id}`}
          item={item}
          siteId={props.siteId}
          areaId={props.areaId}
          canEdit={props.canInstall}
        />
      </Field>
      {item.kind === 'radio' && (
        <Field label={t('Hardware.DevEui.Label')}>
          <DevEui key={item.id} item={item} areaId={props.areaId} canEdit={props.canSetDevEui} />
        </Field>
      )}
      {radioOfUnit && (
        <Field label={t('Hardware.Radio')}>
          <HardwareLink
            selection={{ kind: 'radio', id: radioOfUnit.id }}
            label={radioOfUnit.serialno}
            onSelect={onSelect}
          />
        </Field>
      )}
      {unitOfRadio && (
        <Field label={t('Hardware.Unit')}>
          <HardwareLink
            selection={{ kind: 'unit', id: unitOfRadio.id }}
            label={unitOfRadio.serialno}
            onSelect={onSelect}
          />
        </Field>
      )}
    </SimpleGrid>
  );
}

/** A radio's battery, signal, misses and online state. */
function RadioReadings({ item }: { item: HardwareItem }) {
  const { t } = useTranslation();
  return (
    <>
      <Field label={t('Hardware.Column.battery')}>
        <Text
          size="sm"
          c={isLowBattery(item.batteryValue) ? 'warning.9' : undefined}
          fw={isLowBattery(item.batteryValue) ? 600 : undefined}
        >
          {item.batteryValue === null
            ? '--'
            : t('Hardware.Volts', { value: item.batteryValue.toFixed(2) })}
          {isLowBattery(item.batteryValue) && ` · ${t('Hardware.LowBattery')}`}
        </Text>
      </Field>
      <Field label={t('Hardware.Column.signal')}>
        <Group gap="xs" wrap="nowrap">
          <SignalBars signalValue={item.signalValue} repeater={item.repeater} large />
          <Text size="sm" c={isWeakSignal(item.signalValue) ? 'warning.9' : undefined}>
            {item.signalValue === null ? '--' : t('Hardware.Dbm', { value: item.signalValue })}
          </Text>
        </Group>
      </Field>
      <Field label={t('Hardware.Column.misses')}>
        <Text size="sm">{item.missesValue ?? '--'}</Text>
      </Field>
      <Field label={t('Hardware.Column.online')}>
        <Text size="sm">{item.online ? t('Hardware.Online') : t('Hardware.Offline')}</Text>
      </Field>
    </>
  );
}

/** The radios that relay this one, and the ones it relays (§3 config.children). */
export function HardwareRelays({
  item,
  items,
  onSelect,
}: {
  item: HardwareItem;
  items: readonly HardwareItem[];
  onSelect: Select;
}) {
  const { t } = useTranslation();
  const parents = items.filter(
    (candidate) =>
      candidate.kind === 'radio' && item.kind === 'radio' && candidate.children.includes(item.id),
  );
  const children = item.children
    .map((id) => items.find((candidate) => candidate.kind === 'radio' && candidate.id === id))
    .filter((child): child is HardwareItem => child !== undefined);
  return (
    <>
      {parents.length > 0 && (
        <Field label={t('Hardware.RelayedBy')}>
          <Group gap="xs">
            {parents.map((parent) => (
              <span key={parent.id}>
                <HardwareLink selection={parent} label={parent.serialno} onSelect={onSelect} />
              </span>
            ))}
          </Group>
        </Field>
      )}
      {(item.repeater || item.coordinator || children.length > 0) && (
        <Field label={t('Hardware.Children', { count: children.length })}>
          {children.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('Hardware.NoChildren')}
            </Text>
          ) : (
            <Stack gap={2} data-testid="hardware-children">
              {children.map((child) => (
                <Group key={child.id} gap="xs" wrap="nowrap">
                  <StateMark item={child} />
                  <HardwareLink selection={child} label={child.serialno} onSelect={onSelect} />
                </Group>
              ))}
            </Stack>
          )}
        </Field>
      )}
    </>
  );
}

function HardwareLink({
  selection,
  label,
  onSelect,
}: {
  selection: HardwareSelection;
  label: string;
  onSelect: Select;
}) {
  return (
    <Anchor
      component="button"
      type="button"
      size="sm"
      ff="monospace"
      onClick={() => onSelect(selection)}
    >
      {label}
    </Anchor>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      {children}
    </div>
  );
}
