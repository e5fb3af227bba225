/**
 * One alarm (§2 /{siteId}/{areaId}/alarms/{alarmId}): where it stands (raised, acknowledged by
 * whom and when, cleared), its rule, the contacts it tells, and the messages sent for it;
 * Acknowledge (with an optional comment) while raised; edit, switch and delete with edit.
 */
import { Card, Stack, Text, Title } from '@mantine/core';
import type { Alarm, Contact } from '@paddock/domain';
import { useTranslation } from 'react-i18next';
import { useAlarmNotifications } from '../../../data/alarms/get-notification-log.ts';
import { alarmDisplayState } from '../../../components/ui/alarm-state.ts';
import { errorText } from '../error-text.ts';
import { AcknowledgeCard, AlarmSummaryCard, ToldCard } from './alarm-detail-cards.tsx';
import { useAlarmCondition, type AlarmsPageProps } from './alarm-list.tsx';
import { NotificationLog } from './notification-log.tsx';
import { ConfirmDelete } from './confirm-delete.tsx';
import { useAlarmDetailActions } from './use-alarm-detail-actions.ts';

export interface AlarmDetailProps extends AlarmsPageProps {
  readonly alarm: Alarm;
  readonly contacts: readonly Contact[];
  readonly timeZone: string;
  readonly onEdit: () => void;
}

export function AlarmDetail(props: AlarmDetailProps) {
  const { siteId, areaId, alarm, contacts, timeZone, canEdit, compact } = props;
  const { t } = useTranslation();
  const condition = useAlarmCondition(props.sensors);
  const log = useAlarmNotifications(areaId, alarm.id);
  const name = alarm.label || alarm.rule.name;
  const actions = useAlarmDetailActions(siteId, areaId, alarm, name);
  const { remove } = actions;

  return (
    <Stack gap="md">
      <AlarmSummaryCard
        alarm={alarm}
        name={name}
        condition={condition(alarm)}
        timeZone={timeZone}
        canEdit={canEdit}
        switching={actions.save.isPending}
        onSwitch={actions.switchActive}
        onEdit={props.onEdit}
        onDelete={() => actions.setConfirmDelete(true)}
      />

      {alarmDisplayState(alarm) === 'raised' && (
        <AcknowledgeCard
          comment={actions.comment}
          onComment={actions.setComment}
          pending={actions.acknowledge.isPending}
          onSubmit={actions.submitAcknowledge}
        />
      )}

      <ToldCard alarm={alarm} contacts={contacts} />

      <Card withBorder padding="md">
        <Title order={4} size="h5" mb="xs">
          {t('Alarms.Log.Title')}
        </Title>
        {log.isError && !log.data ? (
          <Text size="sm">{t('Alarms.Log.LoadFailed')}</Text>
        ) : (
          <NotificationLog entries={log.data ?? []} timeZone={timeZone} compact={compact} />
        )}
      </Card>

      <ConfirmDelete
        opened={actions.confirmDelete}
        title={t('Alarms.DeleteTitle')}
        message={t('Alarms.DeleteConfirm', { name })}
        error={remove.isError ? errorText(remove.error, t) : null}
        pending={remove.isPending}
        onCancel={() => actions.setConfirmDelete(false)}
        onConfirm={actions.confirmRemove}
      />
    </Stack>
  );
}
