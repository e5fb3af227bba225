/**
 * The page an alarm's email or sms links to (/ack/{token}): which alarm of which site and area,
 * whether it is still raised, and Acknowledge with an optional comment. A used link says who
 * acknowledged and when; a link that is not genuine says so.
 */
import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client.ts';
import { useAckLink, useUseAckLink } from '../api/ack-link.ts';
import { errorText } from '../error-text.ts';
import { AcknowledgeComment } from './alarm-detail-cards.tsx';

export function AckLinkView({ token }: { readonly token: string }) {
  const { t, i18n } = useTranslation();
  const link = useAckLink(token);
  const use = useUseAckLink(token);
  const [comment, setComment] = useState('');
  const when = (iso: string | null) =>
    iso
      ? new Date(iso).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' })
      : '--';

  if (link.isPending) return <Text size="sm">{t('Common.Loading')}</Text>;
  if (link.isError) {
    return (
      <Alert color="fault" role="alert" title={t('AckLink.Title')}>
        {isApiError(link.error) && link.error.status === 404
          ? t('AckLink.NotGenuine')
          : errorText(link.error, t)}
      </Alert>
    );
  }
  const alarm = link.data;
  const done = alarm.used || alarm.status !== 'raised';
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        {t('AckLink.Title')}
      </Title>
      <Text fw={600}>{alarm.label}</Text>
      <Text size="sm" c="dimmed">
        {alarm.site} · {alarm.area}
      </Text>
      {alarm.acknowledgedAt ? (
        <Alert color="irrigated" role="status">
          {t('AckLink.AcknowledgedBy', {
            by: alarm.acknowledgedBy ?? '--',
            at: when(alarm.acknowledgedAt),
          })}
        </Alert>
      ) : alarm.status !== 'raised' ? (
        <Alert color="info" role="status">
          {t('AckLink.NotRaised')}
        </Alert>
      ) : null}
      {!done && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            use.mutate(comment.trim());
          }}
        >
          <Stack gap="sm">
            <AcknowledgeComment comment={comment} onComment={setComment} minRows={2} />
            {use.isError && (
              <Alert color="fault" role="alert">
                {isApiError(use.error) && use.error.status === 410
                  ? t('AckLink.Used')
                  : errorText(use.error, t)}
              </Alert>
            )}
            <Button type="submit" color="fault" loading={use.isPending}>
              {t('Alarms.Acknowledge')}
            </Button>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
