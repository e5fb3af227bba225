/**
 * The area's alarms (§2 hardware list view "Alarms"): each alarm with its rule's severity, its
 * set point and whether it is active; alarms on the selected radio or unit first.
 */
import { Anchor, Badge, Group, Skeleton, Stack, Text } from '@mantine/core';
import { alarmsPath, type Alarm } from '@paddock/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAreaAlarms } from '../../data/alarms/get-area-alarms.ts';
import type { HardwareItem } from './hardware-items.ts';

export function AreaAlarmsPane({
  siteId,
  areaId,
  selected,
}: {
  readonly siteId: number;
  readonly areaId: number;
  readonly selected: HardwareItem | null;
}) {
  const { t } = useTranslation();
  const alarms = useAreaAlarms(areaId);
  if (alarms.isPending) return <Skeleton h={120} aria-label={t('Common.Loading')} />;
  if (alarms.isError) return <Text size="sm">{t('Hardware.Alarms.LoadFailed')}</Text>;
  const about = (alarm: Alarm) =>
    selected !== null &&
    alarm.rule.target === selected.id &&
    alarm.rule.targetType === selected.kind;
  const list = [...alarms.data].sort((a, b) => Number(about(b)) - Number(about(a)));
  return (
    <Stack gap="xs" aria-label={t('Hardware.Pane.Alarms')} component="section">
      {list.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('Hardware.Alarms.Empty')}
        </Text>
      )}
      {list.map((alarm) => (
        <Stack
          key={alarm.id}
          gap={2}
          p={6}
          style={{
            border: '1px solid var(--mantine-color-default-border)',
            borderRadius: 6,
            background: about(alarm) ? 'var(--mantine-color-default-hover)' : undefined,
          }}
        >
          <Group gap="xs" justify="space-between" wrap="nowrap" preventGrowOverflow={false}>
            <Anchor
              component={Link}
              to={alarmsPath({ siteId, areaId, alarmId: alarm.id })}
              size="sm"
              fw={600}
            >
              {alarm.label || alarm.rule.name}
            </Anchor>
            <Badge
              size="xs"
              color={alarm.active ? 'fault' : 'gray'}
              variant={alarm.active ? 'filled' : 'light'}
              style={{ flexShrink: 0 }}
            >
              {alarm.active ? t('Hardware.Alarms.Active') : t('Hardware.Alarms.Inactive')}
            </Badge>
          </Group>
          <Text size="xs" c="dimmed">
            {t('Hardware.Alarms.Rule', {
              severity: alarm.rule.severity,
              operator: alarm.operator,
              threshold: alarm.threshold,
            })}
          </Text>
        </Stack>
      ))}
    </Stack>
  );
}
