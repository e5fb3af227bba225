/**
 * The site's contacts and the ways alarms reach them (§3 Contact, §5 validation, §7 contacts
 * calls): add, edit, delete (edit privilege), and test each email, sms or voice notification —
 * POST contacts/{id}/test, then GET contacts/{id}/test/{testId} every 2 s until final (§4, §9);
 * a cancelled test reads 'User cancelled', another failure 'Test failed' (§8).
 */
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Loader,
  Modal,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  ADDRESS_MAX_LENGTH,
  contactMethodSchema,
  isFailedRequestStatus,
  NAME_MAX_LENGTH,
  TEST_FAILED,
  USER_CANCELLED,
  type Contact,
  type ContactMethod,
  type ContactNotification,
  type CountryCode,
} from '@paddock/domain';
import { IconMail, IconMessage, IconPhone, IconTrash } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useContactTest, useStartContactTest } from '../../../data/contacts/contact-test.ts';
import { useDeleteContact, useSaveContact } from '../../../data/contacts/save-contact.ts';
import { notify } from '../../../lib/notify.ts';
import {
  contactCreateOf,
  contactFormOf,
  contactUpdateOf,
  EMPTY_CONTACT_FORM,
  newNotification,
  validateContactForm,
  type ContactForm,
} from '../contact-form.ts';
import { errorText } from '../error-text.ts';
import { ConfirmDelete } from './confirm-delete.tsx';

export const METHOD_ICONS: Record<ContactMethod, ReactNode> = {
  email: <IconMail size={16} />,
  sms: <IconMessage size={16} />,
  voice: <IconPhone size={16} />,
};

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

function ContactModal({
  siteId,
  contact,
  country,
  onClose,
}: {
  siteId: number;
  contact: Contact | undefined;
  country: CountryCode;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveContact(siteId);
  const [form, setForm] = useState<ContactForm>(() =>
    contact ? contactFormOf(contact) : EMPTY_CONTACT_FORM,
  );
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [submitted, setSubmitted] = useState(false);
  const result = validateContactForm(form, country);
  const error = (field: string) =>
    !result.ok && result.errors[field] && (submitted || touched[field])
      ? t(result.errors[field])
      : undefined;
  const touch = (field: string) => setTouched((current) => ({ ...current, [field]: true }));
  const setNotification = (index: number, change: Partial<ContactNotification>) =>
    setForm((current) => ({
      ...current,
      notifications: current.notifications.map((notification, at) =>
        at === index ? { ...notification, ...change } : notification,
      ),
    }));

  const submit = () => {
    setSubmitted(true);
    if (!result.ok) return;
    save.mutate(
      contact
        ? { id: contact.id, body: contactUpdateOf(contact, result.value) }
        : { id: undefined, body: contactCreateOf(siteId, result.value) },
      {
        onSuccess: (saved) => {
          notify({ level: 'info', message: t('Alarms.Contacts.Saved', { name: saved.name }) });
          onClose();
        },
      },
    );
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={contact ? t('Alarms.Contacts.EditTitle') : t('Alarms.Contacts.NewTitle')}
      size="lg"
      centered
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          <TextInput
            label={t('Alarms.Contacts.Name')}
            value={form.name}
            maxLength={NAME_MAX_LENGTH}
            onChange={(event) => setForm({ ...form, name: event.currentTarget.value })}
            onBlur={() => touch('name')}
            error={error('name')}
            required
          />
          <TextInput
            label={t('Alarms.Contacts.Company')}
            value={form.company}
            maxLength={NAME_MAX_LENGTH}
            onChange={(event) => setForm({ ...form, company: event.currentTarget.value })}
          />
          <Text size="sm" fw={500}>
            {t('Alarms.Contacts.Notifications')}
          </Text>
          {form.notifications.map((notification, index) => {
            const field = `notifications.${index}`;
            return (
              <Card key={notification.id ?? `new-${index}`} withBorder padding="xs">
                <Stack gap={6}>
                  <Group gap="xs" wrap="wrap" align="flex-start">
                    <Select
                      w={120}
                      aria-label={t('Alarms.Contacts.Method')}
                      data={contactMethodSchema.options.map((method) => ({
                        value: method,
                        label: t(`Alarms.Method.${method}`),
                      }))}
                      value={notification.method}
                      allowDeselect={false}
                      onChange={(value) =>
                        value && setNotification(index, { method: value as ContactMethod })
                      }
                    />
                    <TextInput
                      style={{ flex: '1 1 12rem' }}
                      aria-label={t('Alarms.Contacts.Address')}
                      placeholder={t(`Alarms.Contacts.AddressPlaceholder.${notification.method}`)}
                      value={notification.address}
                      maxLength={ADDRESS_MAX_LENGTH}
                      type={notification.method === 'email' ? 'email' : 'tel'}
                      onChange={(event) =>
                        setNotification(index, { address: event.currentTarget.value })
                      }
                      onBlur={() => touch(field)}
                      error={error(field)}
                    />
                    <ActionIcon
                      variant="subtle"
                      color="fault"
                      mt={6}
                      onClick={() =>
                        setForm((current) => ({
                          ...current,
                          notifications: current.notifications.filter((_, at) => at !== index),
                        }))
                      }
                      aria-label={t('Alarms.Contacts.RemoveNotification')}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Group>
                  <Group gap="md">
                    <Checkbox
                      size="xs"
                      label={t('Alarms.Contacts.Active')}
                      checked={notification.active}
                      onChange={(event) =>
                        setNotification(index, { active: event.currentTarget.checked })
                      }
                    />
                    <Checkbox
                      size="xs"
                      label={t('Alarms.Contacts.AfterHoursLong')}
                      checked={notification.afterhours}
                      onChange={(event) =>
                        setNotification(index, { afterhours: event.currentTarget.checked })
                      }
                    />
                    <Checkbox
                      size="xs"
                      label={t('Alarms.Contacts.CriticalAfterHours')}
                      disabled={notification.afterhours}
                      checked={
                        notification.afterhours || (notification.criticalAfterhours ?? false)
                      }
                      onChange={(event) =>
                        setNotification(index, { criticalAfterhours: event.currentTarget.checked })
                      }
                    />
                  </Group>
                </Stack>
              </Card>
            );
          })}
          <Group gap="xs">
            {contactMethodSchema.options.map((method) => (
              <Button
                key={method}
                size="compact-xs"
                variant="light"
                leftSection={METHOD_ICONS[method]}
                onClick={() =>
                  setForm((current) => ({
                    ...current,
                    notifications: [...current.notifications, newNotification(method)],
                  }))
                }
              >
                {t(`Alarms.Contacts.Add.${method}`)}
              </Button>
            ))}
          </Group>
          {save.isError && (
            <Alert color="fault" role="alert" title={t('Contact.UpdateFailed')}>
              {errorText(save.error, t)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('Common.Cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('Common.Save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
