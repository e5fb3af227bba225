/**
 * The site's webhooks (issue 32 item 5), for its admins on the Users page (the site's admin
 * section, §2): each endpoint with its URL, event kinds, whether it is active and how its latest
 * attempt went; adding one shows its secret once; its deliveries open beneath it, where any can
 * be sent again.
 */
import { Badge, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { formatSiteDateTime, type WebhookCreated, type WebhookEndpoint } from '@paddock/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormActions } from '../../../components/ui/form-actions.tsx';
import { useDeleteWebhook } from '../../../data/webhooks/delete-webhook.ts';
import { useSiteWebhooks } from '../../../data/webhooks/get-site-webhooks.ts';
import { WebhookDeliveries } from './webhook-deliveries.tsx';
import { WebhookFormModal } from './webhook-form-modal.tsx';
import { WebhookSecretModal } from './webhook-secret-modal.tsx';

export interface WebhooksCardProps {
  readonly siteId: number;
  /** The site's zone, for the §9 date format. */
  readonly timeZone: string;
}

export function WebhooksCard({ siteId, timeZone }: WebhooksCardProps) {
  const { t } = useTranslation();
  const webhooks = useSiteWebhooks(siteId);
  const [editing, setEditing] = useState<WebhookEndpoint | null | undefined>(undefined);
  const [secret, setSecret] = useState<string | null>(null);
  const rows = webhooks.data ?? [];

  return (
    <Stack gap="xs" component="section" aria-labelledby="webhooks-title">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={3} size="h4" id="webhooks-title">
            {t('Webhooks.Title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('Webhooks.Intro')}
          </Text>
        </div>
        <Button variant="default" onClick={() => setEditing(null)}>
          {t('Webhooks.Add')}
        </Button>
      </Group>
      {webhooks.isError ? (
        <Text size="sm" c="red" role="alert">
          {t('Webhooks.LoadFailed')}
        </Text>
      ) : !webhooks.data ? (
        <Skeleton h={64} aria-busy="true" aria-label={t('Common.Loading')} />
      ) : rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('Webhooks.Empty')}
        </Text>
      ) : (
        rows.map((webhook) => (
          <WebhookRow
            key={webhook.id}
            siteId={siteId}
            webhook={webhook}
            timeZone={timeZone}
            onEdit={() => setEditing(webhook)}
          />
        ))
      )}
      <WebhookFormModal
        siteId={siteId}
        editing={editing}
        onClose={() => setEditing(undefined)}
        onCreated={(created: WebhookCreated) => setSecret(created.secret)}
      />
      <WebhookSecretModal secret={secret} onClose={() => setSecret(null)} />
    </Stack>
  );
}

function WebhookRow({
  siteId,
  webhook,
  timeZone,
  onEdit,
}: {
  siteId: number;
  webhook: WebhookEndpoint;
  timeZone: string;
  onEdit: () => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const remove = useDeleteWebhook(siteId);
  const last = webhook.lastAttempt;
  return (
    <Card withBorder padding="sm" aria-label={webhook.url}>
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={4} style={{ minWidth: 0, flex: '1 1 320px' }}>
          <Group gap="xs">
            <Text fw={600} size="sm" style={{ wordBreak: 'break-all' }}>
              {webhook.url}
            </Text>
            <Badge color={webhook.active ? 'green' : 'gray'} variant="light">
              {t(webhook.active ? 'Webhooks.On' : 'Webhooks.Off')}
            </Badge>
          </Group>
          <Text size="xs" c="dimmed">
            {webhook.events.map((kind) => t(`Webhooks.Kind.${kind}`)).join(' · ')}
          </Text>
          <Text size="xs">
            {last
              ? t(last.delivered ? 'Webhooks.LastDelivered' : 'Webhooks.LastNotDelivered', {
                  time: formatSiteDateTime(new Date(last.at), timeZone),
                  status: last.statusCode ?? t('Webhooks.NoAnswer'),
                })
              : t('Webhooks.NothingSent')}
            {webhook.pending > 0 && ` · ${t('Webhooks.Waiting', { count: webhook.pending })}`}
          </Text>
        </Stack>
        <Group gap="xs">
          <Button size="compact-sm" variant="subtle" onClick={() => setOpen((shown) => !shown)}>
            {t(open ? 'Webhooks.HideDeliveries' : 'Webhooks.ShowDeliveries')}
          </Button>
          <Button size="compact-sm" variant="default" onClick={onEdit}>
            {t('Webhooks.Edit')}
          </Button>
          <Button size="compact-sm" variant="default" color="red" onClick={() => setDeleting(true)}>
            {t('Webhooks.Delete')}
          </Button>
        </Group>
      </Group>
      {deleting && (
        <Stack gap="xs" mt="sm">
          <Text size="sm">{t('Webhooks.DeleteConfirm')}</Text>
          {remove.isError && (
            <Text size="sm" c="red" role="alert">
              {t('Webhooks.DeleteFailed')}
            </Text>
          )}
          <FormActions onCancel={() => setDeleting(false)}>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() => remove.mutate(webhook.id)}
            >
              {t('Webhooks.Delete')}
            </Button>
          </FormActions>
        </Stack>
      )}
      {open && (
        <Stack mt="sm">
          <WebhookDeliveries siteId={siteId} webhookId={webhook.id} timeZone={timeZone} />
        </Stack>
      )}
    </Card>
  );
}
