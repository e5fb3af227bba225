/**
 * Adding or changing a LoRaWAN network server link (issue 32 items 1 and 7): its kind, broker or
 * webhook URL, user name and password, application and (for The Things Stack) tenant, checked with
 * the domain's networkLinkBodySchema, which the server runs too; a refusal the server gives anyway
 * is shown at its field. The stored password is never shown: on edit an empty password field
 * keeps it, and "Remove the stored password" sends null.
 */
import { Checkbox, NativeSelect, PasswordInput, SimpleGrid, TextInput } from '@mantine/core';
import {
  NETWORK_LINK_KINDS,
  networkLinkBodySchema,
  type NetworkLink,
  type NetworkLinkBody,
  type NetworkLinkKind,
} from '@paddock/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EditingModal } from '../../../components/ui/editing-modal.tsx';
import { StackedForm } from '../../../components/ui/stacked-form.tsx';
import {
  useCreateNetworkLink,
  useUpdateNetworkLink,
} from '../../../data/network-links/save-network-link.ts';
import { CheckedSaveFooter, useCheckedSave } from '../../../components/ui/save-refusal.tsx';

export interface NetworkLinkFormModalProps {
  readonly siteId: number;
  /** The link to change; null to add one; undefined while closed. */
  readonly editing: NetworkLink | null | undefined;
  readonly onClose: () => void;
}

export function NetworkLinkFormModal({ siteId, editing, onClose }: NetworkLinkFormModalProps) {
  const { t } = useTranslation();
  return (
    <EditingModal
      editing={editing}
      onClose={onClose}
      title={t(editing ? 'NetworkLinks.EditTitle' : 'NetworkLinks.AddTitle')}
    >
      {(shown) => <NetworkLinkForm siteId={siteId} editing={shown} onClose={onClose} />}
    </EditingModal>
  );
}

const FIELDS = ['kind', 'url', 'username', 'password', 'applicationId', 'tenant'] as const;
type Field = (typeof FIELDS)[number];

/** An example address of each kind, as its network server gives it. */
const URL_PLACEHOLDER: Record<NetworkLinkKind, string> = {
  chirpstack: 'mqtt://chirpstack.example:1883',
  'tts-mqtt': 'mqtts://eu1.cloud.thethings.network:8883',
  'tts-webhook': 'https://…',
};

/** The schema's issue at a field, in the console's words (the schema's are English only). */
function issueKey(field: Field, message: string, kind: NetworkLinkKind): string {
  switch (field) {
    case 'url':
      if (message.includes('user name')) return 'NetworkLinks.Error.UrlCredentials';
      return kind === 'tts-webhook'
        ? 'NetworkLinks.Error.UrlWebhook'
        : 'NetworkLinks.Error.UrlMqtt';
    case 'applicationId':
      return 'NetworkLinks.Error.Id';
    case 'tenant':
      return message.includes('tenant')
        ? 'NetworkLinks.Error.TenantRequired'
        : 'NetworkLinks.Error.Id';
    case 'username':
    case 'password':
      return 'NetworkLinks.Error.Credential';
    case 'kind':
      return 'NetworkLinks.Error.Kind';
  }
}

function NetworkLinkForm({
  siteId,
  editing,
  onClose,
}: Omit<NetworkLinkFormModalProps, 'editing'> & { editing: NetworkLink | null }) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<NetworkLinkKind>(editing?.kind ?? 'chirpstack');
  const [url, setUrl] = useState(editing?.url ?? '');
  const [username, setUsername] = useState(editing?.username ?? '');
  const [password, setPassword] = useState('');
  const [removePassword, setRemovePassword] = useState(false);
  const [applicationId, setApplicationId] = useState(editing?.applicationId ?? '');
  const [tenant, setTenant] = useState(editing?.tenant ?? '');
  const create = useCreateNetworkLink(siteId);
  const update = useUpdateNetworkLink(siteId);
  const usesTenant = kind !== 'chirpstack';

  // A password typed is sent; on edit an empty field keeps the stored one (left out) unless it is
  // to be removed (null).
  const passwordPart: Pick<NetworkLinkBody, 'password'> =
    password !== '' ? { password } : removePassword ? { password: null } : {};
  const checked = networkLinkBodySchema.safeParse({
    kind,
    url: url.trim(),
    username: username.trim() === '' ? null : username.trim(),
    ...passwordPart,
    applicationId: applicationId.trim(),
    tenant: !usesTenant || tenant.trim() === '' ? null : tenant.trim(),
  });
  const form = useCheckedSave({
    fields: FIELDS,
    failed: t('NetworkLinks.SaveFailed'),
    checked,
    issueText: (field, message) => t(issueKey(field, message, kind)),
    save: async (body) => {
      if (editing) {
        await update.mutateAsync({ id: editing.id, body });
      } else {
        await create.mutateAsync(body);
      }
      onClose();
    },
  });

  return (
    <StackedForm gap="md" onSubmit={() => void form.submit()}>
      <NativeSelect
        label={t('NetworkLinks.Kind')}
        value={kind}
        onChange={(event) => setKind(event.currentTarget.value as NetworkLinkKind)}
        data={NETWORK_LINK_KINDS.map((each) => ({
          value: each,
          label: t(`NetworkLinks.KindName.${each}`),
        }))}
        error={form.fieldError('kind')}
        data-autofocus
      />
      <TextInput
        label={t('NetworkLinks.Url')}
        description={t(
          kind === 'tts-webhook' ? 'NetworkLinks.UrlHintWebhook' : 'NetworkLinks.UrlHint',
        )}
        placeholder={URL_PLACEHOLDER[kind]}
        value={url}
        onChange={(event) => setUrl(event.currentTarget.value)}
        error={form.fieldError('url')}
        required
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          label={t('NetworkLinks.Username')}
          value={username}
          onChange={(event) => setUsername(event.currentTarget.value)}
          error={form.fieldError('username')}
          autoComplete="off"
        />
        <PasswordInput
          label={t('NetworkLinks.Password')}
          description={
            editing?.hasPassword && !removePassword ? t('NetworkLinks.PasswordKept') : undefined
          }
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          error={form.fieldError('password')}
          disabled={removePassword}
          autoComplete="new-password"
        />
      </SimpleGrid>
      {editing?.hasPassword && (
        <Checkbox
          label={t('NetworkLinks.RemovePassword')}
          checked={removePassword}
          onChange={(event) => {
            const remove = event.currentTarget.checked;
            setRemovePassword(remove);
            if (remove) setPassword('');
          }}
        />
      )}
      <SimpleGrid cols={{ base: 1, sm: usesTenant ? 2 : 1 }} spacing="md">
        <TextInput
          label={t('NetworkLinks.ApplicationId')}
          value={applicationId}
          onChange={(event) => setApplicationId(event.currentTarget.value)}
          error={form.fieldError('applicationId')}
          required
        />
        {usesTenant && (
          <TextInput
            label={t('NetworkLinks.Tenant')}
            description={t('NetworkLinks.TenantHint')}
            value={tenant}
            onChange={(event) => setTenant(event.currentTarget.value)}
            error={form.fieldError('tenant')}
            required={kind === 'tts-mqtt'}
          />
        )}
      </SimpleGrid>
      <CheckedSaveFooter
        form={form}
        saving={create.isPending || update.isPending}
        onCancel={onClose}
      />
    </StackedForm>
  );
}
