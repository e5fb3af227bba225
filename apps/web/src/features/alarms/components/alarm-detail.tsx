/**
 * One alarm (§2 /{siteId}/{areaId}/alarms/{alarmId}): where it stands (raised, acknowledged by
 * whom and when, cleared), its rule, the contacts it tells, and the messages sent for it;
 * Acknowledge (with an optional comment) while raised; edit, switch and delete with edit.
 */
import { Button, Card, Group, Stack, Switch, Text, Textarea, Title } from '@mantine/core';
import {
  alarmsPath,
  COMMENT_MAX_LENGTH,
  formatSiteDateTime,
  type Alarm,
  type Contact,
  type Sensor,
} from '@paddock/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAcknowledgeAlarm } from '../../../data/alarms/acknowledge-alarm.ts';
import { useAlarmNotifications } from '../../../data/alarms/get-notification-log.ts';
import { useDeleteAlarm, useSaveAlarm } from '../../../data/alarms/save-alarm.ts';
import { notify } from '../../../lib/notify.ts';
import { AlarmStateBadge, SeverityBadge } from '../../../components/ui/alarm-badges.tsx';
import { alarmDisplayState } from '../../../components/ui/alarm-state.ts';
import { errorText } from '../error-text.ts';
import { useAlarmCondition } from './alarm-list.tsx';
import { NotificationLog } from './notification-log.tsx';
import { ConfirmDelete } from './confirm-delete.tsx';

export interface AlarmDetailProps {
  readonly siteId: number;
  readonly areaId: number;
  readonly alarm: Alarm;
  readonly sensors: readonly Sensor[];
  readonly contacts: readonly Contact[];
  readonly timeZone: string;
  readonly canEdit: boolean;
  readonly compact: boolean;
  readonly onEdit: () => void;
}

export function AlarmDetail(props: AlarmDetailProps) {
  const { siteId, areaId, alarm, contacts, timeZone, canEdit, compact } = props;
  const { t } = useTranslation();
  const navigate = useNavigate();
  const condition = useAlarmCondition(props.sensors);
  const log = useAlarmNotifications(areaId, alarm.id);
  const save = useSaveAlarm(areaId);
  const remove = useDeleteAlarm(areaId);
  const acknowledge = useAcknowledgeAlarm(areaId);
  const [comment, setComment] = useState('');
  const [confirmDelete, setConfirmDelete] = useState(false);
  const state = alarm.state;
  const at = (iso: string | null | undefined) =>
    iso ? formatSiteDateTime(new Date(iso), timeZone) : '--';
  const told = contacts.flatMap((contact) =>
    contact.notifications
      .filter(
        (notification) =>
          notification.id !== undefined && alarm.notifications.includes(notification.id),
      )
      .map((notification) => ({ contact, notification })),
  );
  const name = alarm.label || alarm.rule.name;

  return (
    <Stack gap="md">
      <Card withBorder padding="md">
        <Stack gap="xs">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Title order={3} size="h4">
              {name}
            </Title>
            <Group gap="xs">
              <SeverityBadge severity={alarm.rule.severity} />
              <AlarmStateBadge alarm={alarm} />
            </Group>
          </Group>
          <Text size="sm">{condition(alarm)}</Text>
          {alarm.rule.clearValue !== undefined && (
            <Text size="sm" c="dimmed">
              {t('Alarms.Detail.ClearsAt', { value: alarm.rule.clearValue })}
            </Text>
          )}
          <Text size="sm" c="dimmed">
            {t('Alarms.Detail.ResetAfter', {
              value: alarm.rule.resetAfter ?? t('Alarms.Detail.AtOnce'),
            })}
            {alarm.rule.minimumDuration
              ? ` · ${t('Alarms.Detail.MinimumDuration', { value: alarm.rule.minimumDuration })}`
              : ''}
          </Text>
          {state?.raisedAt && (
            <Text size="sm">
              {t('Alarms.Detail.RaisedAt', {
                at: at(state.raisedAt),
                value: state.raisedValue ?? '--',
              })}
            </Text>
          )}
          {state?.acknowledgedAt && (
            <Text size="sm">
              {t('Alarms.Detail.AcknowledgedBy', {
                at: at(state.acknowledgedAt),
                by: state.acknowledgedBy ?? '--',
                via: t(`Alarms.Via.${state.acknowledgedVia ?? 'console'}`),
              })}
              {state.comment ? ` — “${state.comment}”` : ''}
            </Text>
          )}
          {state?.clearedAt && (
            <Text size="sm" c="dimmed">
              {t('Alarms.Detail.ClearedAt', { at: at(state.clearedAt) })}
            </Text>
          )}
          <Group gap="md" mt="xs" wrap="wrap">
            <Switch
              checked={alarm.active}
              disabled={!canEdit || save.isPending}
              onChange={(event) =>
                save.mutate(
                  { id: alarm.id, body: { active: event.currentTarget.checked } },
                  {
                    onError: (error) =>
                      notify({
                        level: 'error',
                        title: t('Alarms.Form.SaveFailed'),
                        message: errorText(error, t),
                      }),
                  },
                )
              }
              label={t('Alarms.Detail.On')}
            />
            {canEdit && (
              <>
                <Button size="xs" variant="default" onClick={props.onEdit}>
                  {t('Alarms.Edit')}
                </Button>
                <Button
                  size="xs"
                  variant="outline"
                  color="fault"
                  onClick={() => setConfirmDelete(true)}
                >
                  {t('Alarms.Delete')}
                </Button>
              </>
            )}
          </Group>
        </Stack>
      </Card>

      {alarmDisplayState(alarm) === 'raised' && (
        <Card withBorder padding="md" style={{ borderColor: 'var(--mantine-color-fault-filled)' }}>
          <form
            onSubmit={(event) => {
              event.preventDefault();
              acknowledge.mutate(
                { id: alarm.id, ...(comment.trim() ? { comment: comment.trim() } : {}) },
                {
                  onSuccess: () => {
                    setComment('');
                    notify({ level: 'info', message: t('Alarms.Acknowledged') });
                  },
                  onError: (error) =>
                    notify({
                      level: 'error',
                      title: t('Alarms.AcknowledgeFailed'),
                      message: errorText(error, t),
                    }),
                },
              );
            }}
          >
            <Stack gap="xs">
              <Text size="sm">{t('Alarms.Detail.AcknowledgeHint')}</Text>
              <Textarea
                label={t('Alarms.Detail.Comment')}
                value={comment}
                maxLength={COMMENT_MAX_LENGTH}
                autosize
                minRows={1}
                onChange={(event) => setComment(event.currentTarget.value)}
              />
              <Group justify="flex-end">
                <Button type="submit" color="fault" loading={acknowledge.isPending}>
                  {t('Alarms.Acknowledge')}
                </Button>
              </Group>
            </Stack>
          </form>
        </Card>
      )}

      <Card withBorder padding="md">
        <Title order={4} size="h5" mb="xs">
          {t('Alarms.Detail.Told')}
        </Title>
        {told.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('Alarms.Detail.ToldNobody')}
          </Text>
        ) : (
          <Stack gap={4}>
            {told.map(({ contact, notification }) => (
              <Text size="sm" key={notification.id}>
                {contact.name} · {t(`Alarms.Method.${notification.method}`)} ·{' '}
                {notification.address}
              </Text>
            ))}
          </Stack>
        )}
      </Card>

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
        opened={confirmDelete}
        title={t('Alarms.DeleteTitle')}
        message={t('Alarms.DeleteConfirm', { name })}
        error={remove.isError ? errorText(remove.error, t) : null}
        pending={remove.isPending}
        onCancel={() => setConfirmDelete(false)}
        onConfirm={() =>
          remove.mutate(alarm.id, {
            onSuccess: () => {
              notify({ level: 'info', message: t('Alarms.Deleted', { name }) });
              void navigate(alarmsPath({ siteId, areaId }), { replace: true });
            },
          })
        }
      />
    </Stack>
  );
}
