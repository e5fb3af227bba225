/**
 * §5 applied to a site contact (§3 Contact): the rule the server checks every saved contact by
 * and the console's contact form checks as it is typed, so both refuse the same contact with the
 * same message. Name not blank; company free; each notification's address trimmed and, when it
 * is then empty, dropped; an email of the standard pattern; voice a valid NZ or AU number and sms
 * a mobile, stored in E.164. National numbers are read in the site's country.
 */
import type { ContactMethod, CountryCode } from '../entities/vocabulary.ts';
import { isEmail } from './email.ts';
import {
  CONTACT_EMAIL_FEEDBACK,
  CONTACT_MOBILE_FEEDBACK,
  CONTACT_NAME_FEEDBACK,
  CONTACT_PHONE_FEEDBACK,
} from './messages.ts';
import { normaliseContactNotifications, normalisePhone } from './profile.ts';

/** The part of a contact this rule reads. */
export interface ContactDetails<
  N extends { readonly method: ContactMethod; readonly address: string },
> {
  readonly name: string;
  readonly company?: string | null;
  readonly notifications: readonly N[];
}

/** A notification the rule kept: where it stood in the input, as it is saved, and its problem. */
export interface CheckedNotification<N> {
  readonly index: number;
  /** Address trimmed; a valid phone in E.164. */
  readonly notification: N;
  /** The message (a translation key) when its address is not valid for its method, else null. */
  readonly problem: string | null;
}

export interface CheckedContact<N> {
  /** Trimmed. */
  readonly name: string;
  /** CONTACT_NAME_FEEDBACK when the name is blank, else null. */
  readonly nameProblem: string | null;
  /** Trimmed; a blank one is null. */
  readonly company: string | null;
  /** In input order, without those left with no address. */
  readonly notifications: readonly CheckedNotification<N>[];
}

const PHONE_FEEDBACK: Record<Exclude<ContactMethod, 'email'>, string> = {
  sms: CONTACT_MOBILE_FEEDBACK,
  voice: CONTACT_PHONE_FEEDBACK,
};

/**
 * The contact as it is saved and each of its problems. Problems are reported, not thrown: the
 * server refuses the first (name, then notifications in order), the form shows them all.
 */
export function checkContact<
  N extends { readonly method: ContactMethod; readonly address: string },
>(contact: ContactDetails<N>, siteCountry: CountryCode): CheckedContact<N> {
  const name = contact.name.trim();
  const kept = normaliseContactNotifications(
    contact.notifications.map((notification, index) => ({
      index,
      notification,
      address: notification.address,
    })),
  );
  return {
    name,
    nameProblem: name === '' ? CONTACT_NAME_FEEDBACK : null,
    company: contact.company?.trim() || null,
    notifications: kept.map(({ index, notification, address }) => {
      if (notification.method === 'email') {
        return {
          index,
          notification: { ...notification, address },
          problem: isEmail(address) ? null : CONTACT_EMAIL_FEEDBACK,
        };
      }
      const phone = normalisePhone(address, notification.method, siteCountry);
      return {
        index,
        notification: { ...notification, address: phone ?? address },
        problem: phone === null ? PHONE_FEEDBACK[notification.method] : null,
      };
    }),
  };
}
