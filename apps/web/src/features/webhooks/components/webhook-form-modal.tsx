/**
 * Adding or changing a webhook endpoint (issue 32 item 5): its URL, the kinds of event it is sent
 * and whether it is active, checked with the domain's webhookBodySchema, which the server runs
 * too; a refusal the server gives anyway is shown at its field. A new endpoint's secret is shown
 * once, in its own dialog (WebhookSecretModal): the console keeps it nowhere.
 */
import { Checkbox, SimpleGrid, Switch, TextInput } from '@mantine/core';
import {
  WEBHOOK_EVENT_KINDS,
  webhookBodySchema,
  type WebhookCreated,
  type WebhookEndpoint,
  type WebhookEventKind,
} from '@paddock/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EditingModal } from '../../../components/ui/editing-modal.tsx';
import { useCreateWebhook, useUpdateWebhook } from '../../../data/webhooks/save-webhook.ts';
import { CheckedSaveFooter, useCheckedSave } from '../../../components/ui/save-refusal.tsx';
import { StackedForm } from '../../../components/ui/stacked-form.tsx';

export interface WebhookFormModalProps {
  readonly siteId: number;
  /** The endpoint to change; null to add one; undefined while closed. */
  readonly editing: WebhookEndpoint | null | undefined;
  readonly onClose: () => void;
  /** A new endpoint was added: its secret is to be shown. */
  readonly onCreated: (created: WebhookCreated) => void;
}

export function WebhookFormModal({ siteId, editing, onClose, onCreated }: WebhookFormModalProps) {
  const { t } = useTranslation();
  return (
    <EditingModal
      editing={editing}
      onClose={onClose}
      title={t(editing ? 'Webhooks.EditTitle' : 'Webhooks.AddTitle')}
    >
      {(shown) => (
        <WebhookForm siteId={siteId} editing={shown} onClose={onClose} onCreated={onCreated} />
      )}
    </EditingModal>
  );
}

const FIELDS = ['url', 'events'] as const;

function WebhookForm({ siteId, editing, onClose, onCreated }: WebhookFormModalProps) {
  const { t } = useTranslation();
  const [url, setUrl] = useState(editing?.url ?? '');
  const [events, setEvents] = useState<WebhookEventKind[]>(editing?.events ?? []);
  const [active, setActive] = useState(editing?.active ?? true);
  const create = useCreateWebhook(siteId);
  const update = useUpdateWebhook(siteId);
  const form = useCheckedSave({
    fields: FIELDS,
    failed: t('Webhooks.SaveFailed'),
    checked: webhookBodySchema.safeParse({ url: url.trim(), events, active }),
    issueText: (field) => t(field === 'url' ? 'Webhooks.UrlInvalid' : 'Webhooks.EventsRequired'),
    save: async (body) => {
      if (editing) {
        await update.mutateAsync({ id: editing.id, body });
      } else {
        onCreated(await create.mutateAsync(body));
      }
      onClose();
    },
  });

  return (
    <StackedForm gap="md" onSubmit={() => void form.submit()}>
      <TextInput
        label={t('Webhooks.Url')}
        description={t('Webhooks.UrlHint')}
        placeholder="https://"
        value={url}
        onChange={(event) => setUrl(event.currentTarget.value)}
        error={form.fieldError('url')}
        required
        data-autofocus
      />
      <Checkbox.Group
        label={t('Webhooks.Events')}
        value={events}
        onChange={(value) => setEvents(value as WebhookEventKind[])}
        error={form.fieldError('events')}
        required
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs" spacing="xs">
          {WEBHOOK_EVENT_KINDS.map((kind) => (
            <Checkbox key={kind} value={kind} label={t(`Webhooks.Kind.${kind}`)} />
          ))}
        </SimpleGrid>
      </Checkbox.Group>
      <Switch
        label={t('Webhooks.Active')}
        checked={active}
        onChange={(event) => setActive(event.currentTarget.checked)}
      />
      <CheckedSaveFooter
        form={form}
        saving={create.isPending || update.isPending}
        onCancel={onClose}
      />
    </StackedForm>
  );
}
