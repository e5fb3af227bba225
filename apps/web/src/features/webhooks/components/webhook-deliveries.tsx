/**
 * An endpoint's latest deliveries (issue 32 item 5): each event with its kind and time, whether it
 * was delivered, is waiting (and when it is tried next) or failed, its attempts with the
 * receiver's status, time and the start of its answer; any can be sent again. The last attempt
 * sits under the status it led to, so three columns fit a phone's card without scrolling.
 */
import { Badge, Button, Stack, Table, Text, Tooltip } from '@mantine/core';
import { formatSiteDateTime, type WebhookDelivery } from '@paddock/domain';
import { useTranslation } from 'react-i18next';
import { refusalMessage } from '../../../components/ui/save-refusal.tsx';
import { useWebhookDeliveries } from '../../../data/webhooks/get-webhook-deliveries.ts';
import { useResendWebhookDelivery } from '../../../data/webhooks/resend-webhook-delivery.ts';
import { notify } from '../../../lib/notify.ts';

const STATUS_COLOUR: Record<WebhookDelivery['status'], string> = {
  delivered: 'green',
  pending: 'yellow',
  failed: 'red',
};

export function WebhookDeliveries({
  siteId,
  webhookId,
  timeZone,
}: {
  readonly siteId: number;
  readonly webhookId: number;
  readonly timeZone: string;
}) {
  const { t } = useTranslation();
  const deliveries = useWebhookDeliveries(siteId, webhookId, true);
  const resend = useResendWebhookDelivery(siteId, webhookId);
  const time = (iso: string) => formatSiteDateTime(new Date(iso), timeZone);
  const rows = deliveries.data ?? [];

  if (deliveries.isError) {
    return (
      <Text size="sm" c="red" role="alert">
        {t('Webhooks.DeliveriesFailed')}
      </Text>
    );
  }
  if (deliveries.isSuccess && rows.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('Webhooks.NoDeliveries')}
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={300}>
      <Table striped aria-label={t('Webhooks.Deliveries')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('Webhooks.Event')}</Table.Th>
            <Table.Th>{t('Webhooks.Status')}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((delivery) => {
            const last = delivery.attempts[0];
            return (
              <Table.Tr key={delivery.id}>
                <Table.Td>
                  <Text size="sm">{t(`Webhooks.Kind.${delivery.event.type}`)}</Text>
                  <Text size="xs" c="dimmed">
                    {time(delivery.event.timestamp)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Stack gap={2}>
                    <Badge color={STATUS_COLOUR[delivery.status]} variant="light">
                      {t(`Webhooks.Delivery.${delivery.status}`)}
                    </Badge>
                    {last ? (
                      <Tooltip label={last.excerpt || t('Webhooks.EmptyAnswer')} multiline w={320}>
                        <Text size="xs">
                          {t('Webhooks.Attempt', {
                            count: last.attempt,
                            status: last.statusCode ?? t('Webhooks.NoAnswer'),
                            time: time(last.at),
                          })}
                        </Text>
                      </Tooltip>
                    ) : (
                      <Text size="xs" c="dimmed">
                        {t('Webhooks.NotTriedYet')}
                      </Text>
                    )}
                    {delivery.nextAttemptAt && (
                      <Text size="xs" c="dimmed">
                        {t('Webhooks.NextAttempt', { time: time(delivery.nextAttemptAt) })}
                      </Text>
                    )}
                  </Stack>
                </Table.Td>
                <Table.Td>
                  <Button
                    size="compact-sm"
                    variant="default"
                    loading={resend.isPending && resend.variables === delivery.id}
                    onClick={() =>
                      resend.mutate(delivery.id, {
                        onError: (error) =>
                          notify({
                            level: 'error',
                            message: refusalMessage(error, t('Webhooks.ResendFailed')),
                          }),
                      })
                    }
                  >
                    {t('Webhooks.Resend')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
