/**
 * The site's LoRaWAN network server links (issue 32 items 1 and 7), for its admins on the Users
 * page (the site's admin section, §2), beside its webhooks: each link with its kind, address,
 * application, connection state (polled, as the ingest role connects within seconds of a save)
 * and last uplink; links are added, changed and deleted here, and each one's devices heard but
 * not provisioned open beneath it. A webhook link shows where The Things Stack is to post.
 */
import { Badge, Button, Group, Modal, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import {
  formatSiteDateTime,
  MAX_NETWORK_LINKS_PER_SITE,
  type NetworkLink,
  type NetworkLinkState,
} from '@paddock/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormActions } from '../../../components/ui/form-actions.tsx';
import { apiUrl } from '../../../lib/api-client.ts';
import { useDeleteNetworkLink } from '../../../data/network-links/delete-network-link.ts';
import { useSiteNetworkLinks } from '../../../data/network-links/get-site-network-links.ts';
import { HeardDevices } from './heard-devices.tsx';
import { NetworkLinkFormModal } from './network-link-form-modal.tsx';

export interface NetworkLinksCardProps {
  readonly siteId: number;
  /** The site's zone, for the §9 date format. */
  readonly timeZone: string;
}

const STATE_COLOUR: Record<NetworkLinkState, string> = {
  connected: 'green',
  pending: 'gray',
  'refused: bad credentials': 'red',
  unreachable: 'red',
  'no uplink for 2 h': 'orange',
};

/** The table's columns, for the heard devices' row spanning them all. */
const COLUMNS = 6;

export function NetworkLinksCard({ siteId, timeZone }: NetworkLinksCardProps) {
  const { t } = useTranslation();
  const links = useSiteNetworkLinks(siteId);
  const [editing, setEditing] = useState<NetworkLink | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<NetworkLink | null>(null);
  const rows = links.data ?? [];
  const full = rows.length >= MAX_NETWORK_LINKS_PER_SITE;

  return (
    <Stack gap="xs" component="section" aria-labelledby="network-links-title">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={3} size="h4" id="network-links-title">
            {t('NetworkLinks.Title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('NetworkLinks.Intro')}
          </Text>
        </div>
        <Stack gap={2} align="flex-end">
          <Button variant="default" disabled={full} onClick={() => setEditing(null)}>
            {t('NetworkLinks.Add')}
          </Button>
          {full && (
            <Text size="xs" c="dimmed">
              {t('NetworkLinks.Full', { max: MAX_NETWORK_LINKS_PER_SITE })}
            </Text>
          )}
        </Stack>
      </Group>
      {links.isError ? (
        <Text size="sm" c="red" role="alert">
          {t('NetworkLinks.LoadFailed')}
        </Text>
      ) : !links.data ? (
        <Skeleton h={64} aria-busy="true" aria-label={t('Common.Loading')} />
      ) : rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('NetworkLinks.Empty')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table aria-label={t('NetworkLinks.Title')} verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('NetworkLinks.Column.kind')}</Table.Th>
                <Table.Th>{t('NetworkLinks.Column.url')}</Table.Th>
                <Table.Th>{t('NetworkLinks.Column.application')}</Table.Th>
                <Table.Th>{t('NetworkLinks.Column.state')}</Table.Th>
                <Table.Th>{t('NetworkLinks.Column.lastUplink')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((link) => (
                <LinkRow
                  key={link.id}
                  siteId={siteId}
                  link={link}
                  timeZone={timeZone}
                  onEdit={() => setEditing(link)}
                  onDelete={() => setDeleting(link)}
                />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <NetworkLinkFormModal
        siteId={siteId}
        editing={editing}
        onClose={() => setEditing(undefined)}
      />
      <DeleteLinkModal siteId={siteId} link={deleting} onClose={() => setDeleting(null)} />
    </Stack>
  );
}

/** A link's row and, when opened, the row of the devices it heard beneath it. */
function LinkRow({
  siteId,
  link,
  timeZone,
  onEdit,
  onDelete,
}: {
  siteId: number;
  link: NetworkLink;
  timeZone: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Table.Tr aria-label={link.url}>
        <Table.Td>
          <Text size="sm">{t(`NetworkLinks.KindName.${link.kind}`)}</Text>
        </Table.Td>
        <Table.Td>
          <Text size="sm" style={{ wordBreak: 'break-all' }}>
            {link.url}
          </Text>
          {link.kind === 'tts-webhook' && <WebhookTarget linkId={link.id} />}
        </Table.Td>
        <Table.Td>
          <Text size="sm" style={{ wordBreak: 'break-all' }}>
            {link.tenant ? `${link.applicationId}@${link.tenant}` : link.applicationId}
          </Text>
        </Table.Td>
        <Table.Td>
          <Stack gap={2} align="flex-start">
            <Badge color={STATE_COLOUR[link.state]} variant="light">
              {t(`NetworkLinks.State.${link.state}`)}
            </Badge>
            {link.stateDetail && (
              <Text size="xs" c="dimmed" style={{ wordBreak: 'break-word' }}>
                {link.stateDetail}
              </Text>
            )}
          </Stack>
        </Table.Td>
        <Table.Td>
          <Text size="sm">
            {link.lastUplinkAt
              ? formatSiteDateTime(new Date(link.lastUplinkAt), timeZone)
              : t('NetworkLinks.Never')}
          </Text>
        </Table.Td>
        <Table.Td>
          <Group gap="xs" wrap="nowrap" justify="flex-end">
            <Button
              size="compact-sm"
              variant="subtle"
              aria-expanded={open}
              onClick={() => setOpen((shown) => !shown)}
            >
              {t(open ? 'NetworkLinks.HideHeard' : 'NetworkLinks.ShowHeard')}
            </Button>
            <Button size="compact-sm" variant="default" onClick={onEdit}>
              {t('NetworkLinks.Edit')}
            </Button>
            <Button size="compact-sm" variant="default" color="red" onClick={onDelete}>
              {t('NetworkLinks.Delete')}
            </Button>
          </Group>
        </Table.Td>
      </Table.Tr>
      {open && (
        <Table.Tr>
          <Table.Td colSpan={COLUMNS}>
            <HeardDevices siteId={siteId} linkId={link.id} timeZone={timeZone} />
          </Table.Td>
        </Table.Tr>
      )}
    </>
  );
}

/**
 * What a site admin pastes into The Things Stack's webhook: the address it posts uplinks to, and
 * the header that carries the link's password (docs/api.md "LoRaWAN network server links").
 */
function WebhookTarget({ linkId }: { linkId: number }) {
  const { t } = useTranslation();
  const address = new URL(apiUrl(`/network-links/${linkId}/uplinks`), window.location.href).href;
  return (
    <Text size="xs" c="dimmed" data-testid="webhook-target" style={{ wordBreak: 'break-all' }}>
      {t('NetworkLinks.WebhookTarget', { address })}
    </Text>
  );
}

function DeleteLinkModal({
  siteId,
  link,
  onClose,
}: {
  siteId: number;
  /** Null while closed. */
  link: NetworkLink | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const remove = useDeleteNetworkLink(siteId);
  const close = () => {
    remove.reset();
    onClose();
  };
  return (
    <Modal opened={link !== null} onClose={close} title={t('NetworkLinks.DeleteTitle')} centered>
      <Stack gap="sm">
        <Text size="sm">{t('NetworkLinks.DeleteConfirm', { url: link?.url ?? '' })}</Text>
        {remove.isError && (
          <Text size="sm" c="red" role="alert">
            {t('NetworkLinks.DeleteFailed')}
          </Text>
        )}
        <FormActions onCancel={close}>
          <Button
            color="red"
            loading={remove.isPending}
            onClick={() => {
              if (link) remove.mutate(link.id, { onSuccess: close });
            }}
          >
            {t('NetworkLinks.Delete')}
          </Button>
        </FormActions>
      </Stack>
    </Modal>
  );
}
