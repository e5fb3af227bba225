/**
 * The contact form's state and its save (§3 Contact, §5 validation): the name, company and
 * notifications, their errors (a field's shows once it was left or Save was pressed), and the
 * save that creates or updates the contact and closes the form.
 */
import type { Contact, ContactMethod, ContactNotification, CountryCode } from '@paddock/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSaveContact } from '../../../data/contacts/save-contact.ts';
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

export function useContactForm(
  siteId: number,
  contact: Contact | undefined,
  country: CountryCode,
  onClose: () => void,
) {
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
  // The edits of the notifications list, by position.
  const notifications = {
    change: (index: number, change: Partial<ContactNotification>) =>
      setForm((current) => ({
        ...current,
        notifications: current.notifications.map((notification, at) =>
          at === index ? { ...notification, ...change } : notification,
        ),
      })),
    remove: (index: number) =>
      setForm((current) => ({
        ...current,
        notifications: current.notifications.filter((_, at) => at !== index),
      })),
    add: (method: ContactMethod) =>
      setForm((current) => ({
        ...current,
        notifications: [...current.notifications, newNotification(method)],
      })),
  };

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

  return { form, setForm, error, touch, notifications, submit, save };
}
