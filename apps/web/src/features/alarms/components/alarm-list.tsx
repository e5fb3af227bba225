/**
 * An area's alarms (§2 /{siteId}/{areaId}/alarms): each with its state and severity, what it
 * watches, its switch, and Acknowledge while raised. Raised ones first.
 */
import { Anchor, Button, Card, Group, Stack, Switch, Table, Text } from '@mantine/core';
import { alarmsPath, type Alarm, type Sensor } from '@paddock/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAcknowledgeAlarm } from '../../../data/alarms/acknowledge-alarm.ts';
import { useSaveAlarm } from '../../../data/alarms/save-alarm.ts';
import { useMetrics } from '../../../data/metrics/get-metrics.ts';
import { notify } from '../../../lib/notify.ts';
import { isFanTemplate, isSetPointTemplate, templateLabel } from '../alarm-form.ts';
import { AlarmStateBadge, SeverityBadge } from '../../../components/ui/alarm-badges.tsx';
import {
  alarmDisplayState,
  OPERATOR_SYMBOL,
  sortAlarms,
} from '../../../components/ui/alarm-state.ts';
import { errorText } from '../error-text.ts';
import { metricUnit } from '../metric-units.ts';
import { alarmTemplateKind, type AlarmTemplate } from '@paddock/domain';

const NO_WRAP = { whiteSpace: 'nowrap', width: '1%' } as const;

/** What the area's alarm list and one alarm's page both take from the alarms page. */
export interface AlarmsPageProps {
  readonly siteId: number;
  readonly areaId: number;
  /** The area's sensors, which name what an alarm watches. */
  readonly sensors: readonly Sensor[];
  readonly canEdit: boolean;
  /** Cards instead of tables (narrow screens). */
  readonly compact: boolean;
}

export interface AlarmListProps extends AlarmsPageProps {
  readonly alarms: readonly Alarm[];
}

/** What the alarm compares: 'Soil probe 3 · soil.moisture > 30 %', or the template's name. */
export function useAlarmCondition(sensors: readonly Sensor[]) {
  const { t } = useTranslation();
  const metrics = useMetrics();
  return (alarm: Alarm): string => {
    const template = alarm.rule.template as AlarmTemplate;
    const sensor =
      alarm.rule.targetType === 'sensor'
        ? sensors.find((candidate) => candidate.id === alarm.rule.target)
        : undefined;
    const where = sensor ? sensor.label || sensor.serialno : t(templateLabel(template));
    if (isFanTemplate(template)) {
      const start = alarm.rule.startTemperature;
      return `${where} · ${start === undefined ? t('Alarms.Watches.fanSiteRules') : t('Alarms.Watches.fan', { start })}`;
    }
    if (!isSetPointTemplate(template)) {
      const { scope, subject } = alarmTemplateKind(template);
      return t(`Alarms.Watches.${scope}.${subject}`);
    }
    const [condition] = alarm.rule.conditions.all;
    const unit = metricUnit(condition.path, metrics.data);
    return `${where} · ${condition.path} ${OPERATOR_SYMBOL[condition.operator]} ${condition.value}${unit ? ` ${unit}` : ''}`;
  };
}

export function AlarmList({ siteId, areaId, alarms, sensors, canEdit, compact }: AlarmListProps) {
  const { t } = useTranslation();
  const condition = useAlarmCondition(sensors);
  const save = useSaveAlarm(areaId);
  const acknowledge = useAcknowledgeAlarm(areaId);
  const sorted = sortAlarms(alarms);

  const toggle = (alarm: Alarm, on: boolean) =>
    save.mutate(
      { id: alarm.id, body: { active: on } },
      {
        onError: (error) =>
          notify({
            level: 'error',
            title: t('Alarms.Form.SaveFailed'),
            message: errorText(error, t),
          }),
      },
    );
  const ack = (alarm: Alarm) =>
    acknowledge.mutate(
      { id: alarm.id },
      {
        onSuccess: () => notify({ level: 'info', message: t('Alarms.Acknowledged') }),
        onError: (error) =>
          notify({
            level: 'error',
            title: t('Alarms.AcknowledgeFailed'),
            message: errorText(error, t),
          }),
      },
    );

  if (sorted.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('Hardware.Alarms.Empty')}
      </Text>
    );
  }

  const name = (alarm: Alarm) => (
    <Anchor
      component={Link}
      to={alarmsPath({ siteId, areaId, alarmId: alarm.id })}
      fw={600}
      size="sm"
    >
      {alarm.label || alarm.rule.name}
    </Anchor>
  );
  const enabledSwitch = (alarm: Alarm) => (
    <Switch
      size="sm"
      checked={alarm.active}
      disabled={!canEdit}
      onChange={(event) => toggle(alarm, event.currentTarget.checked)}
      aria-label={t('Alarms.SwitchFor', { name: alarm.label || alarm.rule.name })}
    />
  );
  const ackButton = (alarm: Alarm) =>
    alarmDisplayState(alarm) === 'raised' ? (
      <Button
        size="compact-sm"
        color="fault"
        loading={acknowledge.isPending && acknowledge.variables.id === alarm.id}
        onClick={() => ack(alarm)}
      >
        {t('Alarms.Acknowledge')}
      </Button>
    ) : null;

  if (compact) {
    return (
      <Stack gap="xs" aria-label={t('Alarms.List')} component="section">
        {sorted.map((alarm) => (
          <Card key={alarm.id} withBorder padding="sm" data-testid="alarm-row">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Stack gap={4} style={{ minWidth: 0 }}>
                {name(alarm)}
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {condition(alarm)}
                </Text>
              </Stack>
              {enabledSwitch(alarm)}
            </Group>
            <Group gap="xs" mt="xs" justify="space-between">
              <Group gap="xs">
                <AlarmStateBadge alarm={alarm} />
                <SeverityBadge severity={alarm.rule.severity} />
              </Group>
              {ackButton(alarm)}
            </Group>
          </Card>
        ))}
      </Stack>
    );
  }

  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing="xs" highlightOnHover aria-label={t('Alarms.List')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('Alarms.Column.Name')}</Table.Th>
            <Table.Th>{t('Alarms.Column.Condition')}</Table.Th>
            <Table.Th>{t('Alarms.Column.Severity')}</Table.Th>
            <Table.Th>{t('Alarms.Column.State')}</Table.Th>
            <Table.Th>{t('Alarms.Column.On')}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sorted.map((alarm) => (
            <Table.Tr key={alarm.id} data-testid="alarm-row">
              <Table.Td>{name(alarm)}</Table.Td>
              <Table.Td>
                <Text size="sm">{condition(alarm)}</Text>
              </Table.Td>
              {/* Badges and buttons keep their width; the condition wraps instead. */}
              <Table.Td style={NO_WRAP}>
                <SeverityBadge severity={alarm.rule.severity} />
              </Table.Td>
              <Table.Td style={NO_WRAP}>
                <AlarmStateBadge alarm={alarm} />
              </Table.Td>
              <Table.Td style={NO_WRAP}>{enabledSwitch(alarm)}</Table.Td>
              <Table.Td style={NO_WRAP}>{ackButton(alarm)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
