/**
 * The site's contacts and the ways alarms reach them (§3 Contact, §5 validation, §7 contacts
 * calls): add, edit, delete (edit privilege), and test each email, sms or voice notification —
 * POST contacts/{id}/test, then GET contacts/{id}/test/{testId} every 2 s until final (§4, §9);
 * a cancelled test reads 'User cancelled', another failure 'Test failed' (§8).
 */
import { ActionIcon, Badge, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import {
  isFailedRequestStatus,
  TEST_FAILED,
  USER_CANCELLED,
  type Contact,
  type ContactNotification,
  type CountryCode,
} from '@paddock/domain';
import { IconTrash } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useContactTest, useStartContactTest } from '../../../data/contacts/contact-test.ts';
import { useDeleteContact } from '../../../data/contacts/save-contact.ts';
import { notify } from '../../../lib/notify.ts';
import { errorText } from '../error-text.ts';
import { ConfirmDelete } from './confirm-delete.tsx';
import { METHOD_ICONS } from './contact-method-icons.tsx';
import { ContactModal } from './contact-modal.tsx';

export interface ContactsPanelProps {
  readonly siteId: number;
  readonly contacts: readonly Contact[];
  /** The area a test message names (§7 POST contacts/{id}/test: notification, area). */
  readonly testAreaId: number | undefined;
  /** The site's country reads national phone numbers. */
  readonly country: CountryCode;
  readonly canEdit: boolean;
}

export function ContactsPanel({
  siteId,
  contacts,
  testAreaId,
  country,
  canEdit,
}: ContactsPanelProps) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<Contact | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Contact | null>(null);
  const remove = useDeleteContact(siteId);
  return (
    <Stack gap="sm" aria-label={t('Alarms.Contacts.Title')} component="section">
      <Group justify="space-between">
        <Title order={3} size="h5">
          {t('Alarms.Contacts.Title')}
        </Title>
        {canEdit && (
          <Button size="xs" onClick={() => setEditing('new')}>
            {t('Alarms.Contacts.Add')}
          </Button>
        )}
      </Group>
      {contacts.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('Alarms.Contacts.Empty')}
        </Text>
      )}
      {contacts.map((contact) => (
        <Card key={contact.id} withBorder padding="sm" data-testid="contact-card">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text fw={600} size="sm">
                {contact.name}
              </Text>
              {(contact.company || contact.login) && (
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {[contact.company, contact.login].filter(Boolean).join(' · ')}
                </Text>
              )}
            </Stack>
            {canEdit && (
              <Group gap={4} wrap="nowrap">
                <Button size="compact-xs" variant="default" onClick={() => setEditing(contact)}>
                  {t('Alarms.Edit')}
                </Button>
                <ActionIcon
                  variant="subtle"
                  color="fault"
                  onClick={() => setDeleting(contact)}
                  aria-label={t('Alarms.Contacts.DeleteNamed', { name: contact.name })}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            )}
          </Group>
          <Stack gap={6} mt="xs">
            {contact.notifications.length === 0 && (
              <Text size="xs" c="dimmed">
                {t('Alarms.Contacts.NoNotifications')}
              </Text>
            )}
            {contact.notifications.map((notification) => (
              <NotificationRow
                key={notification.id ?? `${notification.method}-${notification.address}`}
                contact={contact}
                notification={notification}
                testAreaId={testAreaId}
                canTest={canEdit}
              />
            ))}
          </Stack>
        </Card>
      ))}
      {editing !== null && (
        <ContactModal
          siteId={siteId}
          contact={editing === 'new' ? undefined : editing}
          country={country}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDelete
        opened={deleting !== null}
        title={t('Alarms.Contacts.DeleteTitle')}
        message={t('Alarms.Contacts.DeleteConfirm', { name: deleting?.name ?? '' })}
        error={remove.isError ? errorText(remove.error, t) : null}
        pending={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              notify({
                level: 'info',
                message: t('Alarms.Contacts.Deleted', { name: deleting.name }),
              });
              setDeleting(null);
            },
          })
        }
      />
    </Stack>
  );
}

function NotificationRow({
  contact,
  notification,
  testAreaId,
  canTest,
}: {
  contact: Contact;
  notification: ContactNotification;
  testAreaId: number | undefined;
  canTest: boolean;
}) {
  const { t } = useTranslation();
  const start = useStartContactTest(contact.id);
  const [testId, setTestId] = useState<number | undefined>();
  const test = useContactTest(contact.id, testId);
  const status = test.data?.status;
  const running =
    start.isPending ||
    (testId !== undefined &&
      (status === undefined ||
        status === 'new' ||
        status === 'inProgress' ||
        status === 'pending'));
  let outcome: ReactNode = null;
  if (start.isError) outcome = <Badge color="fault">{errorText(start.error, t)}</Badge>;
  else if (test.isError) outcome = <Badge color="fault">{t(TEST_FAILED)}</Badge>;
  else if (status === 'done')
    outcome = <Badge color="irrigated">{t('Alarms.Contacts.TestSent')}</Badge>;
  else if (status !== undefined && isFailedRequestStatus(status))
    outcome = (
      <Badge color="fault" role="status">
        {status === 'cancelled' ? t(USER_CANCELLED) : t(TEST_FAILED)}
      </Badge>
    );
  else if (running) outcome = <Loader size="xs" aria-label={t('Alarms.Contacts.Testing')} />;

  return (
    <Group gap="xs" wrap="wrap" justify="space-between" data-testid="notification-row">
      <Group gap={6} wrap="nowrap" style={{ minWidth: 0, flex: '1 1 12rem' }}>
        {METHOD_ICONS[notification.method]}
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {notification.address}
        </Text>
        {!notification.active && (
          <Badge size="xs" color="gray" variant="light">
            {t('Alarms.Contacts.Inactive')}
          </Badge>
        )}
        {notification.afterhours && (
          <Badge size="xs" color="info" variant="outline">
            {t('Alarms.Contacts.AfterHours')}
          </Badge>
        )}
        {!notification.afterhours && notification.criticalAfterhours && (
          <Badge size="xs" color="fault" variant="outline">
            {t('Alarms.Contacts.CriticalAfterHoursShort')}
          </Badge>
        )}
      </Group>
      <Group gap="xs" wrap="nowrap">
        {outcome}
        {canTest && notification.id !== undefined && testAreaId !== undefined && (
          <Button
            size="compact-xs"
            variant="light"
            disabled={running}
            onClick={() => {
              setTestId(undefined);
              start.mutate(
                { notification: notification.id ?? 0, area: testAreaId },
                { onSuccess: (started) => setTestId(started.id) },
              );
            }}
            aria-label={t('Alarms.Contacts.TestNamed', {
              method: t(`Alarms.Method.${notification.method}`),
              address: notification.address,
            })}
          >
            {t('Alarms.Contacts.Test')}
          </Button>
        )}
      </Group>
    </Group>
  );
}
