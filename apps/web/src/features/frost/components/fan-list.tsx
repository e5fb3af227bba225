/** The fans of the area (state, RPM, canopy, inversion, fuel) and its temperature sensors. */
import { Group, Stack, Table, Text } from '@mantine/core';
import { CANOPY_TEMPERATURE_C, COLOURS } from '@paddock/domain';
import { useTranslation } from 'react-i18next';
import type { FanRow, TemperatureRow } from '../fans.ts';
import { FanStateBadge } from './fan-state-badge.tsx';
import { InversionBadge } from './inversion-badge.tsx';

export function FanList({
  fans,
  temperatures,
  selectedId,
  onSelect,
}: {
  fans: readonly FanRow[];
  temperatures: readonly TemperatureRow[];
  selectedId: number | null;
  onSelect: (id: number) => void;
}) {
  const { t, i18n } = useTranslation();
  const number = (value: number | null, digits = 1) =>
    value === null
      ? '--'
      : new Intl.NumberFormat(i18n.language, { maximumFractionDigits: digits }).format(value);
  const cold = (value: number | null) =>
    value !== null && value < CANOPY_TEMPERATURE_C ? { color: COLOURS.fault } : undefined;
  return (
    <Stack gap="sm">
      <Table.ScrollContainer minWidth={320}>
        <Table highlightOnHover fz="sm" aria-label={t('Frost.Fans')} data-testid="fan-list">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('Frost.Fan')}</Table.Th>
              <Table.Th>{t('Frost.StateColumn')}</Table.Th>
              <Table.Th ta="right">RPM</Table.Th>
              <Table.Th ta="right">{t('Frost.Canopy')}</Table.Th>
              <Table.Th ta="right" visibleFrom="sm">
                {t('Frost.Inversion')}
              </Table.Th>
              <Table.Th ta="right" visibleFrom="sm">
                {t('Frost.Fuel')}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {fans.map((fan) => (
              <Table.Tr
                key={fan.id}
                data-testid="fan-row"
                data-fan={fan.id}
                data-state={fan.state}
                aria-selected={fan.id === selectedId}
                onClick={() => onSelect(fan.id)}
                style={{
                  cursor: 'pointer',
                  ...(fan.id === selectedId
                    ? { backgroundColor: 'var(--mantine-color-blue-light)' }
                    : {}),
                }}
              >
                <Table.Td>
                  <Text size="sm" fw={600} component="span">
                    {fan.label}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <FanStateBadge state={fan.state} size="xs" />
                </Table.Td>
                <Table.Td ta="right" data-testid="fan-rpm">
                  {number(fan.rpm, 0)}
                </Table.Td>
                <Table.Td ta="right" style={cold(fan.canopy?.value ?? null)}>
                  {fan.canopy?.value == null ? '--' : `${number(fan.canopy.value)} °C`}
                </Table.Td>
                <Table.Td ta="right" visibleFrom="sm" data-testid="fan-list-inversion">
                  <Group gap={4} justify="flex-end" wrap="nowrap">
                    {fan.inversion === null ? '--' : `${number(fan.inversion)} °C`}
                    {fan.inversionClass && <InversionBadge inversionClass={fan.inversionClass} />}
                  </Group>
                </Table.Td>
                <Table.Td ta="right" visibleFrom="sm">
                  {fan.fuel === null ? '--' : `${number(fan.fuel, 0)} %`}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {fans.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('Frost.NoFans')}
        </Text>
      )}
      {temperatures.length > 0 && (
        <Table fz="sm" aria-label={t('Frost.TemperatureSensors')} data-testid="temperature-list">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('Frost.TemperatureSensors')}</Table.Th>
              <Table.Th ta="right">°C</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {temperatures.map((sensor) => (
              <Table.Tr key={sensor.id}>
                <Table.Td>{sensor.label}</Table.Td>
                <Table.Td ta="right" style={cold(sensor.value)}>
                  {number(sensor.value)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
