/**
 * The site contact form (§3 Contact, §5 validation): name, company and any number of
 * notifications (method, address, after hours, active). The rules are the domain's checkContact,
 * which the server checks a saved contact by: name required, email of the standard pattern,
 * voice a valid NZ or AU number, sms a mobile; values trimmed, phones stored in E.164, and
 * notifications left without an address dropped on save.
 */
import {
  checkContact,
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
type ContactFormErrors = Readonly<Record<string, string>>;

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

export type ContactFormResult =
  | { readonly ok: true; readonly value: ContactForm }
  | { readonly ok: false; readonly errors: ContactFormErrors };

/**
 * §5: the cleaned form (trimmed, phones in E.164, empty addresses dropped) or one message per
 * failing field. `country` reads national phone numbers (the site's).
 */
export function validateContactForm(form: ContactForm, country: CountryCode): ContactFormResult {
  const checked = checkContact(form, country);
  const errors: Record<string, string> = {};
  if (checked.nameProblem !== null) errors.name = checked.nameProblem;
  for (const { index, problem } of checked.notifications) {
    if (problem !== null) errors[`notifications.${index}`] = problem;
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    value: {
      name: checked.name,
      company: checked.company ?? '',
      notifications: checked.notifications.map(({ notification }) => notification),
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
