/**
 * The cards of one alarm's page (§2): where it stands and its rule, with its switch and edit and
 * delete buttons; the acknowledge form while it is raised; and the contacts it tells.
 */
import { Button, Card, Group, Stack, Switch, Text, Textarea, Title } from '@mantine/core';
import { COMMENT_MAX_LENGTH, formatSiteDateTime, type Alarm, type Contact } from '@paddock/domain';
import { useTranslation } from 'react-i18next';
import { AlarmStateBadge, SeverityBadge } from '../../../components/ui/alarm-badges.tsx';

export function AlarmSummaryCard({
  alarm,
  name,
  condition,
  timeZone,
  canEdit,
  switching,
  onSwitch,
  onEdit,
  onDelete,
}: {
  alarm: Alarm;
  name: string;
  /** The rule in words (useAlarmCondition). */
  condition: string;
  timeZone: string;
  canEdit: boolean;
  /** A switch is being saved. */
  switching: boolean;
  onSwitch: (active: boolean) => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const state = alarm.state;
  const at = (iso: string | null | undefined) =>
    iso ? formatSiteDateTime(new Date(iso), timeZone) : '--';
  return (
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
        <Text size="sm">{condition}</Text>
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
            disabled={!canEdit || switching}
            onChange={(event) => onSwitch(event.currentTarget.checked)}
            label={t('Alarms.Detail.On')}
          />
          {canEdit && (
            <>
              <Button size="xs" variant="default" onClick={onEdit}>
                {t('Alarms.Edit')}
              </Button>
              <Button size="xs" variant="outline" color="fault" onClick={onDelete}>
                {t('Alarms.Delete')}
              </Button>
            </>
          )}
        </Group>
      </Stack>
    </Card>
  );
}

export function AcknowledgeCard({
  comment,
  onComment,
  pending,
  onSubmit,
}: {
  comment: string;
  onComment: (comment: string) => void;
  pending: boolean;
  onSubmit: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="md" style={{ borderColor: 'var(--mantine-color-fault-filled)' }}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        <Stack gap="xs">
          <Text size="sm">{t('Alarms.Detail.AcknowledgeHint')}</Text>
          <AcknowledgeComment comment={comment} onComment={onComment} minRows={1} />
          <Group justify="flex-end">
            <Button type="submit" color="fault" loading={pending}>
              {t('Alarms.Acknowledge')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

/** The optional comment an acknowledgement carries, on the alarm's page and its email's link. */
export function AcknowledgeComment({
  comment,
  onComment,
  minRows,
}: {
  comment: string;
  onComment: (comment: string) => void;
  minRows: number;
}) {
  const { t } = useTranslation();
  return (
    <Textarea
      label={t('Alarms.Detail.Comment')}
      value={comment}
      maxLength={COMMENT_MAX_LENGTH}
      autosize
      minRows={minRows}
      onChange={(event) => onComment(event.currentTarget.value)}
    />
  );
}

/** The contacts' notifications the alarm tells. */
export function ToldCard({ alarm, contacts }: { alarm: Alarm; contacts: readonly Contact[] }) {
  const { t } = useTranslation();
  const told = contacts.flatMap((contact) =>
    contact.notifications
      .filter(
        (notification) =>
          notification.id !== undefined && alarm.notifications.includes(notification.id),
      )
      .map((notification) => ({ contact, notification })),
  );
  return (
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
              {contact.name} · {t(`Alarms.Method.${notification.method}`)} · {notification.address}
            </Text>
          ))}
        </Stack>
      )}
    </Card>
  );
}
