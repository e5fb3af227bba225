/**
 * The site contact form (§3 Contact, §5 validation): name, company and any number of
 * notifications (method, address, after hours, active). The rules are the profile's (§5): name
 * required, email of the standard pattern, voice a valid NZ or AU number, sms a mobile; values
 * trimmed, phones stored in E.164, and notifications left without an address dropped on save.
 */
import {
  CONTACT_EMAIL_FEEDBACK,
  CONTACT_MOBILE_FEEDBACK,
  CONTACT_NAME_FEEDBACK,
  CONTACT_PHONE_FEEDBACK,
  isEmail,
  normaliseContactNotifications,
  normalisePhone,
  type Contact,
  type ContactCreateBody,
  type ContactMethod,
  type ContactNotification,
  type ContactUpdateBody,
  type CountryCode,
} from '@paddock/domain';

export interface ContactForm {
  readonly name: string;
  readonly company: string;
  readonly notifications: readonly ContactNotification[];
}

/** Field names of the form's errors: name, and `notifications.{index}` for an address. */
export type ContactFormErrors = Readonly<Record<string, string>>;

export const EMPTY_CONTACT_FORM: ContactForm = {
  name: '',
  company: '',
  notifications: [{ method: 'email', address: '', afterhours: false, active: true }],
};

export function contactFormOf(contact: Contact): ContactForm {
  return {
    name: contact.name,
    company: contact.company ?? '',
    notifications: contact.notifications,
  };
}

/** A new notification of a method: active, working hours only (the profile's default). */
export function newNotification(method: ContactMethod): ContactNotification {
  return { method, address: '', afterhours: false, active: true };
}

/** The address's message when it is not valid for its method, else null. An empty one is fine. */
export function addressError(
  method: ContactMethod,
  address: string,
  country: CountryCode,
): string | null {
  const trimmed = address.trim();
  if (trimmed === '') return null;
  if (method === 'email') return isEmail(trimmed) ? null : CONTACT_EMAIL_FEEDBACK;
  if (normalisePhone(trimmed, method, country) !== null) return null;
  return method === 'sms' ? CONTACT_MOBILE_FEEDBACK : CONTACT_PHONE_FEEDBACK;
}

export type ContactFormResult =
  | { readonly ok: true; readonly value: ContactForm }
  | { readonly ok: false; readonly errors: ContactFormErrors };

/**
 * §5: the cleaned form (trimmed, phones in E.164, empty addresses dropped) or one message per
 * failing field. `country` reads national phone numbers (the site's).
 */
export function validateContactForm(form: ContactForm, country: CountryCode): ContactFormResult {
  const errors: Record<string, string> = {};
  const name = form.name.trim();
  if (name === '') errors.name = CONTACT_NAME_FEEDBACK;
  const notifications = form.notifications.map((notification, index) => {
    const error = addressError(notification.method, notification.address, country);
    if (error !== null) errors[`notifications.${index}`] = error;
    const address = notification.address.trim();
    const phone =
      notification.method === 'email' || address === '' || error !== null
        ? null
        : normalisePhone(address, notification.method, country);
    return { ...notification, address: phone ?? address };
  });
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    value: {
      name,
      company: form.company.trim(),
      notifications: normaliseContactNotifications(notifications),
    },
  };
}

/** POST sites/{site}/contacts for a validated form. Decision: an empty company is sent as null. */
export function contactCreateOf(siteId: number, form: ContactForm): ContactCreateBody {
  return {
    site: siteId,
    name: form.name,
    company: form.company === '' ? null : form.company,
    notifications: [...form.notifications],
  };
}

/** PUT contacts/{id} for a validated form: the contact's locale is kept. */
export function contactUpdateOf(contact: Contact, form: ContactForm): ContactUpdateBody {
  return {
    id: contact.id,
    site: contact.site,
    locale: contact.locale,
    name: form.name,
    company: form.company === '' ? null : form.company,
    notifications: [...form.notifications],
  };
}
