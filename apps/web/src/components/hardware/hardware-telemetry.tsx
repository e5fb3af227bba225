/**
 * The hardware views' Telemetry view (§2 hardware list view "Telemetry"): the latest report of
 * every listed radio and unit side by side — battery, signal, misses and when it was last heard,
 * in the site's time and as an age — so a round of the field is read at a glance beside the
 * list or the map. It lists what the list's filter keeps, in the list's order; a row selects its
 * device. Low battery and weak signal are marked as on the list (§4 thresholds).
 * Pages add it: `panes={[...DEFAULT_HARDWARE_PANES, TELEMETRY_PANE]}`.
 */
import { Skeleton, Table, Text } from '@mantine/core';
import { formatSiteDateTime, isLowBattery, isWeakSignal, lastUpdateDisplay } from '@paddock/domain';
import { useTranslation } from 'react-i18next';
import { formatLastUpdate } from '../../lib/format-last-update.ts';
import type { HardwareItem } from './hardware-items.ts';
import type { HardwarePane, HardwarePaneContext } from './hardware-panes.tsx';

const reading = (value: number | null, digits: number): string =>
  value === null ? '--' : value.toFixed(digits);

function LastHeard({ item, now, timeZone }: { item: HardwareItem; now: Date; timeZone: string }) {
  const { i18n } = useTranslation();
  const at = item.lastUpdate === null ? null : new Date(item.lastUpdate);
  const age = formatLastUpdate(lastUpdateDisplay(item.lastUpdate, now), i18n.language, {
    style: 'short',
  });
  return (
    <>
      <Text size="sm" c={item.overdue ? 'fault' : undefined}>
        {at && !Number.isNaN(at.getTime()) ? formatSiteDateTime(at, timeZone) : '--'}
      </Text>
      <Text size="xs" c="dimmed">
        {age}
      </Text>
    </>
  );
}

function TelemetryTable({ shown, selected, select, now, timeZone }: HardwarePaneContext) {
  const { t } = useTranslation();
  if (shown.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('Hardware.List.Empty')}
      </Text>
    );
  }
  return (
    // The side pane is narrow: the readings keep to one line each and the table scrolls instead.
    <Table.ScrollContainer minWidth={0} type="native">
      <Table
        highlightOnHover
        verticalSpacing={4}
        horizontalSpacing="xs"
        fz="sm"
        style={{ whiteSpace: 'nowrap' }}
        aria-label={t('Hardware.Telemetry.Label')}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('Hardware.Column.serialno')}</Table.Th>
            <Table.Th>{t('Hardware.Column.battery')}</Table.Th>
            <Table.Th>{t('Hardware.Telemetry.Signal')}</Table.Th>
            <Table.Th>{t('Hardware.Column.misses')}</Table.Th>
            <Table.Th>{t('Hardware.Telemetry.LastHeard')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {shown.map((item) => {
            const low = isLowBattery(item.batteryValue);
            const weak = isWeakSignal(item.signalValue);
            return (
              <Table.Tr
                key={`${item.kind}-${item.id}`}
                data-kind={item.kind}
                data-id={item.id}
                aria-selected={selected?.kind === item.kind && selected.id === item.id}
                style={{ cursor: 'pointer' }}
                onClick={() => select({ kind: item.kind, id: item.id })}
              >
                <Table.Td>{item.serialno}</Table.Td>
                <Table.Td
                  c={low ? 'warning' : undefined}
                  {...(low ? { 'data-low-battery': '' } : {})}
                >
                  {reading(item.batteryValue, 2)}
                </Table.Td>
                <Table.Td
                  c={weak ? 'warning' : undefined}
                  {...(weak ? { 'data-weak-signal': '' } : {})}
                >
                  {reading(item.signalValue, 0)}
                </Table.Td>
                <Table.Td>{reading(item.missesValue, 0)}</Table.Td>
                <Table.Td>
                  <LastHeard item={item} now={now} timeZone={timeZone} />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export const TELEMETRY_PANE: HardwarePane = {
  id: 'Telemetry',
  labelKey: 'Hardware.Pane.Telemetry',
  placement: 'side',
  render: (context) => (context.loading ? <Skeleton h={160} /> : <TelemetryTable {...context} />),
};
