/**
 * Add or edit a contact (§3 Contact, §5 validation): the name, the company, and the email, sms
 * and voice notifications that reach them; national phone numbers read by the site's country.
 */
import { Button, Group, Modal, Text, TextInput } from '@mantine/core';
import {
  contactMethodSchema,
  NAME_MAX_LENGTH,
  type Contact,
  type ContactMethod,
  type CountryCode,
} from '@paddock/domain';
import { useTranslation } from 'react-i18next';
import { METHOD_ICONS } from './contact-method-icons.tsx';
import { NotificationFields } from './contact-notification-fields.tsx';
import { useContactForm } from './use-contact-form.ts';
import { StackedForm } from '../../../components/ui/stacked-form.tsx';
import { SaveFooter } from './save-footer.tsx';

export function ContactModal({
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
  const { form, setForm, error, touch, notifications, submit, save } = useContactForm(
    siteId,
    contact,
    country,
    onClose,
  );

  return (
    <Modal
      opened
      onClose={onClose}
      title={contact ? t('Alarms.Contacts.EditTitle') : t('Alarms.Contacts.NewTitle')}
      size="lg"
      centered
    >
      <StackedForm onSubmit={submit}>
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
            <NotificationFields
              key={notification.id ?? `new-${index}`}
              notification={notification}
              error={error(field)}
              onChange={(change) => notifications.change(index, change)}
              onBlurAddress={() => touch(field)}
              onRemove={() => notifications.remove(index)}
            />
          );
        })}
        <AddNotificationButtons onAdd={notifications.add} />
        <SaveFooter save={save} failedTitle={t('Contact.UpdateFailed')} onCancel={onClose} />
      </StackedForm>
    </Modal>
  );
}

/** One button per method, each adding an empty notification of that method. */
function AddNotificationButtons({ onAdd }: { onAdd: (method: ContactMethod) => void }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs">
      {contactMethodSchema.options.map((method) => (
        <Button
          key={method}
          size="compact-xs"
          variant="light"
          leftSection={METHOD_ICONS[method]}
          onClick={() => onAdd(method)}
        >
          {t(`Alarms.Contacts.Add.${method}`)}
        </Button>
      ))}
    </Group>
  );
}
