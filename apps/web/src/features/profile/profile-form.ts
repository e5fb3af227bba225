/**
 * My Profile's form over a contact (§3 Contact, §5 Profile): the email, voice and sms fields are
 * the addresses of the contact's first notification of each method.
 */
import {
  normaliseContactNotifications,
  type Contact,
  type ContactMethod,
  type ContactNotification,
  type ContactUpdateBody,
  type ProfileForm,
} from '@paddock/domain';

type AddressField = 'email' | 'voice' | 'sms';
const ADDRESS_FIELDS: readonly AddressField[] = ['email', 'voice', 'sms'];

function firstAddress(contact: Contact, method: ContactMethod): string {
  return (
    contact.notifications.find((notification) => notification.method === method)?.address ?? ''
  );
}

/** The form's first values. */
export function profileFormOf(contact: Contact): ProfileForm {
  return {
    name: contact.name,
    email: firstAddress(contact, 'email'),
    company: contact.company ?? '',
    voice: firstAddress(contact, 'voice'),
    sms: firstAddress(contact, 'sms'),
  };
}

/**
 * The PUT contacts/{id} body for a validated (trimmed, normalised) form. Each field replaces the
 * address of the first notification of its method, or adds one (active, working hours only) when
 * there was none; other notifications stay; notifications left without an address are dropped (§5).
 * Decision: an empty company is sent as null.
 */
export function contactUpdateOf(contact: Contact, form: ProfileForm): ContactUpdateBody {
  const notifications: ContactNotification[] = [...contact.notifications];
  for (const method of ADDRESS_FIELDS) {
    const address = form[method];
    const index = notifications.findIndex((notification) => notification.method === method);
    const existing = notifications[index];
    if (existing) notifications[index] = { ...existing, address };
    else if (address !== '')
      notifications.push({ method, address, afterhours: false, active: true });
  }
  return {
    id: contact.id,
    name: form.name,
    company: form.company === '' ? null : form.company,
    site: contact.site,
    locale: contact.locale,
    notifications: normaliseContactNotifications(notifications),
  };
}
