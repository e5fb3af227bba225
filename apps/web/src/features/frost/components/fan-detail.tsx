/**
 * One fan: its state, the canopy of its block against 0 °C, the tower and the inversion, the §9
 * fan metrics with their labels, units and limits, and tonight's canopy and tower temperatures
 * with the fan's RPM on the shared chart; the fan's notes (§3 Note), and its History for site
 * admins and support staff (issue 33: its alarm rules' changes are recorded against its sensor).
 * Users with edit rights on the area start and stop the fan here (issue 31).
 */
import { Group, Stack, Table, Text, Title } from '@mantine/core';
import { CANOPY_TEMPERATURE_C, COLOURS, FAN_METRICS, fanTakesCommands } from '@paddock/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { SeriesChart, type ChartMetric } from '../../../components/chart/index.ts';
import { ObjectHistory } from '../../../components/audit/object-history.tsx';
import { NotesPane } from '../../../components/notes/notes-pane.tsx';
import { usePrivileges } from '../../../data/privileges/use-privileges.ts';
import type { FanRow, MetricLevel } from '../fans.ts';
import { FanCommands } from './fan-commands.tsx';
import { FanStateBadge } from './fan-state-badge.tsx';
import { InversionBadge } from './inversion-badge.tsx';

const LEVEL_COLOURS: Record<MetricLevel, string | undefined> = {
  normal: undefined,
  warning: '#B7950B',
  fault: COLOURS.fault,
};

interface FanDetailProps {
  readonly fan: FanRow;
  readonly siteId: number;
  readonly areaId: number;
  readonly timeZone: string;
  /** Tonight (the frost night now), ISO. */
  readonly night: { from: string; to: string };
}

export function FanDetail({ fan, siteId, areaId, timeZone, night }: FanDetailProps) {
  const { t, i18n } = useTranslation();
  const number = (value: number, digits = 1) =>
    new Intl.NumberFormat(i18n.language, { maximumFractionDigits: digits }).format(value);
  const canopy = fan.canopy?.value ?? null;
  const canEdit = usePrivileges(siteId, areaId).has('edit');
  const metrics = useMemo((): ChartMetric[] => {
    const lines: ChartMetric[] = [];
    if (fan.canopy) {
      lines.push({
        source: { kind: 'sensor', id: fan.canopy.sensorId },
        metric: 'temperature',
        label: t('Frost.Canopy'),
        unit: '°C',
      });
    }
    lines.push(
      {
        source: { kind: 'sensor', id: fan.id },
        metric: FAN_METRICS.towerTemperature,
        label: t('Frost.Tower'),
        unit: '°C',
      },
      {
        source: { kind: 'sensor', id: fan.id },
        metric: FAN_METRICS.rpm,
        label: 'RPM',
        unit: 'RPM',
      },
    );
    return lines;
  }, [fan.canopy, fan.id, t]);
  const zeroLine = useMemo(
    () => ({
      lines: [
        {
          value: CANOPY_TEMPERATURE_C,
          unit: '°C',
          label: t('Frost.ZeroLine'),
          colour: COLOURS.fault,
        },
      ],
    }),
    [t],
  );

  return (
    <Stack gap="sm" data-testid="fan-detail" data-fan={fan.id}>
      <Group justify="space-between" wrap="nowrap">
        <Title order={3} size="h4">
          {fan.label}
        </Title>
        <FanStateBadge state={fan.state} />
      </Group>
      {canEdit && fanTakesCommands(fan.sensor) && (
        <FanCommands key={fan.id} fan={fan} areaId={areaId} />
      )}
      {fan.faults.length > 0 && (
        <Text size="sm" style={{ color: COLOURS.fault }}>
          {fan.faults.map((reason) => t(`Frost.Fault.${reason}`)).join(', ')}
        </Text>
      )}
      <Group gap="lg" wrap="wrap">
        <Stack gap={0}>
          <Text size="xs" c="dimmed">
            {t('Frost.CanopyTemperature')}
          </Text>
          <Text
            fw={700}
            size="xl"
            data-testid="fan-canopy"
            style={canopy !== null && canopy < CANOPY_TEMPERATURE_C ? { color: COLOURS.fault } : {}}
          >
            {canopy === null ? '--' : `${number(canopy)} °C`}
          </Text>
          <Text size="xs" c="dimmed">
            {canopy === null
              ? ''
              : canopy < CANOPY_TEMPERATURE_C
                ? t('Frost.BelowZero')
                : t('Frost.AboveZero')}
          </Text>
        </Stack>
        <Stack gap={0}>
          <Text size="xs" c="dimmed">
            {t('Frost.TowerTemperature')}
          </Text>
          <Text fw={700} size="xl">
            {fan.tower === null ? '--' : `${number(fan.tower)} °C`}
          </Text>
        </Stack>
        <Stack gap={0}>
          <Text size="xs" c="dimmed">
            {t('Frost.Inversion')}
          </Text>
          <Text fw={700} size="xl" data-testid="fan-inversion">
            {fan.inversion === null
              ? '--'
              : `${fan.inversion > 0 ? '+' : ''}${number(fan.inversion)} °C`}
          </Text>
          {fan.inversionClass && <InversionBadge inversionClass={fan.inversionClass} />}
        </Stack>
      </Group>
      <Table striped withTableBorder fz="sm" data-testid="fan-metrics">
        <Table.Tbody>
          {fan.metrics.map((metric) => (
            <Table.Tr key={metric.key} data-metric={metric.metric}>
              <Table.Td>{t(metric.label)}</Table.Td>
              <Table.Td
                ta="right"
                fw={600}
                style={{ color: LEVEL_COLOURS[metric.level], whiteSpace: 'nowrap' }}
                data-level={metric.level}
              >
                {metric.value === null
                  ? '--'
                  : metric.key === 'rpm'
                    ? number(metric.value, 0)
                    : `${number(metric.value, 2)} ${metric.unit}`}
              </Table.Td>
              <Table.Td c="dimmed" fz="xs">
                {metric.limit ? t(metric.limit.key, metric.limit.values) : ''}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <SeriesChart
        title={t('Frost.Tonight', { fan: fan.label })}
        metrics={metrics}
        timeZone={timeZone}
        window={night}
        annotations={zeroLine}
        height={220}
      />
      <ObjectHistory
        siteId={siteId}
        object={{ kind: 'sensor', target: fan.id }}
        timeZone={timeZone}
      />
      <NotesPane
        key={fan.id}
        siteId={siteId}
        areaId={areaId}
        target={{ type: 'sensor', id: fan.id }}
        timeZone={timeZone}
      />
    </Stack>
  );
}
