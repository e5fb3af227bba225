/**
 * The detail pane (§2 hardware list view "Detail") of one radio or unit: its state in the §9
 * colours, readings, last update, the radios it relays or is relayed by (§3 config.children),
 * its reporting interval (editable with `install`), and a radio's ping (§7, polled every 5 s per
 * §9, with progress and result). Pages add sections below (e.g. history charts) through
 * `sections`.
 */
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { formatSiteDateTime, isLowBattery, isWeakSignal, lastUpdateDisplay } from '@paddock/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatLastUpdate } from '../../lib/format-last-update.ts';
import { useNow } from '../../lib/use-now.ts';
import { isDanger, type HardwareItem, type HardwareSelection } from './hardware-items.ts';
import { StateMark } from './hardware-list.tsx';
import { ReportInterval } from './report-interval.tsx';
import { SignalBars } from './signal-bars.tsx';
import { RADIO_PING_PACE, useRadioPing, type PingState } from './use-radio-ping.ts';

/** A section a page adds to the detail pane (the chart work adds battery, signal, misses). */
export interface HardwareDetailSection {
  readonly id: string;
  readonly render: (item: HardwareItem) => ReactNode;
}

export interface HardwareDetailProps {
  readonly item: HardwareItem;
  /** Every row of the area, to name the parent and children of a repeater or coordinator. */
  readonly items: readonly HardwareItem[];
  readonly siteId: number;
  readonly areaId: number;
  readonly timeZone: string;
  readonly now: Date;
  readonly onSelect: (selection: HardwareSelection) => void;
  /** §6 control: ping. */
  readonly canPing: boolean;
  /** §6 install: edit the reporting interval. */
  readonly canInstall: boolean;
  readonly sections?: readonly HardwareDetailSection[];
}

export function HardwareDetail(props: HardwareDetailProps) {
  const { item, items, now, timeZone, onSelect } = props;
  const { t, i18n } = useTranslation();
  const parents = items.filter(
    (candidate) =>
      candidate.kind === 'radio' && item.kind === 'radio' && candidate.children.includes(item.id),
  );
  const children = item.children
    .map((id) => items.find((candidate) => candidate.kind === 'radio' && candidate.id === id))
    .filter((child): child is HardwareItem => child !== undefined);
  const lastUpdate = item.lastUpdate ? new Date(item.lastUpdate) : null;
  const link = (selection: HardwareSelection, label: string) => (
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
  const radioOfUnit =
    item.radioId === null
      ? undefined
      : items.find((c) => c.kind === 'radio' && c.id === item.radioId);
  const unitOfRadio =
    item.unitId === null ? undefined : items.find((c) => c.kind === 'unit' && c.id === item.unitId);

  return (
    <Stack
      gap="sm"
      aria-label={t('Hardware.Detail.Label', { serial: item.serialno })}
      component="section"
    >
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
        {item.kind === 'radio' && (
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
                  {item.signalValue === null
                    ? '--'
                    : t('Hardware.Dbm', { value: item.signalValue })}
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
        )}
        <Field label={t('Hardware.ReportInterval.Label')}>
          <ReportInterval
            key={`${item.kind}-${item.id}`}
            item={item}
            siteId={props.siteId}
            areaId={props.areaId}
            canEdit={props.canInstall}
          />
        </Field>
        {radioOfUnit && (
          <Field label={t('Hardware.Radio')}>
            {link({ kind: 'radio', id: radioOfUnit.id }, radioOfUnit.serialno)}
          </Field>
        )}
        {unitOfRadio && (
          <Field label={t('Hardware.Unit')}>
            {link({ kind: 'unit', id: unitOfRadio.id }, unitOfRadio.serialno)}
          </Field>
        )}
      </SimpleGrid>

      {parents.length > 0 && (
        <Field label={t('Hardware.RelayedBy')}>
          <Group gap="xs">
            {parents.map((parent) => (
              <span key={parent.id}>{link(parent, parent.serialno)}</span>
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
                  {link(child, child.serialno)}
                </Group>
              ))}
            </Stack>
          )}
        </Field>
      )}

      {item.kind === 'radio' && props.canPing && (
        <PingControl key={item.id} radioId={item.id} areaId={props.areaId} />
      )}

      {props.sections?.map((section) => (
        <div key={section.id}>{section.render(item)}</div>
      ))}
    </Stack>
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

/** The ping button, its progress while followed (every 5 s, §9) and its result. */
function PingControl({ radioId, areaId }: { radioId: number; areaId: number }) {
  const { t } = useTranslation();
  const { state, ping } = useRadioPing(radioId, areaId);
  const running = state.phase === 'running';
  return (
    <Stack gap={6} data-testid="radio-ping" data-phase={state.phase}>
      <Group gap="sm">
        <Button size="xs" onClick={() => void ping()} loading={running} disabled={running}>
          {t('Hardware.Ping.Button')}
        </Button>
        <PingResult state={state} />
      </Group>
      {running && <PingProgress state={state} />}
    </Stack>
  );
}

function PingProgress({ state }: { state: Extract<PingState, { phase: 'running' }> }) {
  const { t } = useTranslation();
  // The bar moves every second between the 5 s follow-ups.
  const now = useNow(1_000);
  const limit = RADIO_PING_PACE.everyMs * RADIO_PING_PACE.polls;
  const waited = Math.max(0, now.getTime() - state.startedAt);
  return (
    <>
      <Progress
        value={Math.min(100, Math.max(5, (waited / limit) * 100))}
        animated
        aria-label={t('Hardware.Ping.Progress')}
      />
      <Text size="xs" c="dimmed" role="status">
        {t(`Hardware.Ping.Status.${state.status}`)} ·{' '}
        {t('Hardware.Ping.Waited', { seconds: Math.round(waited / 1000) })}
      </Text>
    </>
  );
}

function PingResult({ state }: { state: PingState }) {
  const { t } = useTranslation();
  if (state.phase === 'done') {
    return (
      <Text size="sm" c="irrigated.9" role="status" fw={600}>
        {t('Hardware.Ping.Done')}
      </Text>
    );
  }
  if (state.phase === 'failed') {
    return (
      <Alert color="fault" p={4} role="alert" variant="light">
        {t(`Hardware.Ping.Failed.${state.reason}`)}
      </Alert>
    );
  }
  return null;
}
