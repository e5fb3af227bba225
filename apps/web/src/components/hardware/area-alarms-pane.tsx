/**
 * The area's alarms (§2 hardware list view "Alarms"): each alarm with its state (raised,
 * acknowledged, normal, off) and severity and its set point, raised ones first; alarms on the
 * selected radio or unit come before the rest of their state. A raised alarm can be acknowledged
 * here; the alarm's page (its link) has the rest, and its Back returns to the page the pane is
 * on (the link's `from`, §2 path builder).
 */
import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { alarmsPath, parseRoute, routePane, type Alarm } from '@paddock/domain';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useAcknowledgeAlarm } from '../../data/alarms/acknowledge-alarm.ts';
import { useAreaAlarms } from '../../data/alarms/get-area-alarms.ts';
import { notify } from '../../lib/notify.ts';
import { AlarmStateBadge, SeverityBadge } from '../ui/alarm-badges.tsx';
import {
  alarmDisplayState,
  alarmStateRank,
  OPERATOR_SYMBOL,
  sortAlarms,
} from '../ui/alarm-state.ts';
import type { HardwareItem } from './hardware-items.ts';
import { PaneListNotLoaded } from './hardware-load-state.tsx';

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
  const { pathname, search } = useLocation();
  const from = routePane(parseRoute(pathname, search));
  const alarms = useAreaAlarms(areaId);
  const acknowledge = useAcknowledgeAlarm(areaId);
  if (!alarms.isSuccess) {
    return <PaneListNotLoaded failed={alarms.isError} failure={t('Hardware.Alarms.LoadFailed')} />;
  }
  const about = (alarm: Alarm) =>
    selected !== null &&
    alarm.rule.target === selected.id &&
    alarm.rule.targetType === selected.kind;
  // The selected device's alarms move up within their state; sortAlarms' order otherwise.
  const list = sortAlarms(alarms.data)
    .map((alarm, index) => ({ alarm, index }))
    .sort(
      (a, b) =>
        alarmStateRank(a.alarm) - alarmStateRank(b.alarm) ||
        Number(about(b.alarm)) - Number(about(a.alarm)) ||
        a.index - b.index,
    )
    .map(({ alarm }) => alarm);
  return (
    <Stack gap="xs" aria-label={t('Hardware.Pane.Alarms')} component="section">
      <Group justify="flex-end">
        <Anchor component={Link} to={alarmsPath({ siteId, areaId, from })} size="sm">
          {t('Hardware.Alarms.Manage')}
        </Anchor>
      </Group>
      {list.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('Hardware.Alarms.Empty')}
        </Text>
      )}
      {list.map((alarm) => {
        const [condition] = alarm.rule.conditions.all;
        const raised = alarmDisplayState(alarm) === 'raised';
        return (
          <Stack
            key={alarm.id}
            gap={4}
            p={6}
            style={{
              border: `1px solid var(--mantine-color-${raised ? 'fault-filled' : 'default-border'})`,
              borderRadius: 6,
              background: about(alarm) ? 'var(--mantine-color-default-hover)' : undefined,
            }}
          >
            <Group gap="xs" justify="space-between" wrap="nowrap" preventGrowOverflow={false}>
              <Anchor
                component={Link}
                to={alarmsPath({ siteId, areaId, alarmId: alarm.id, from })}
                size="sm"
                fw={600}
              >
                {alarm.label || alarm.rule.name}
              </Anchor>
              <AlarmStateBadge alarm={alarm} size="xs" />
            </Group>
            <Group gap="xs" justify="space-between" wrap="nowrap">
              <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
                <SeverityBadge severity={alarm.rule.severity} size="xs" />
                <Text size="xs" c="dimmed" truncate>
                  {condition.path === 'overdue'
                    ? t('Hardware.Alarms.Overdue')
                    : `${condition.path} ${OPERATOR_SYMBOL[condition.operator]} ${condition.value}`}
                </Text>
              </Group>
              {raised && (
                <Button
                  size="compact-xs"
                  color="fault"
                  loading={acknowledge.isPending && acknowledge.variables.id === alarm.id}
                  onClick={() =>
                    acknowledge.mutate(
                      { id: alarm.id },
                      {
                        onSuccess: () =>
                          notify({ level: 'info', message: t('Alarms.Acknowledged') }),
                        onError: () =>
                          notify({ level: 'error', message: t('Alarms.AcknowledgeFailed') }),
                      },
                    )
                  }
                >
                  {t('Alarms.Acknowledge')}
                </Button>
              )}
            </Group>
          </Stack>
        );
      })}
    </Stack>
  );
}
