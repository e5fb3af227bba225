/**
 * §5 Profile rules applied to a contact body on the server, so a contact saved by any client
 * obeys them: name not blank, emails of the standard pattern, sms to NZ/AU mobiles and voice to
 * NZ/AU numbers (stored in E.164), addresses trimmed and empty ones dropped.
 */
import {
  CONTACT_EMAIL_FEEDBACK,
  CONTACT_MOBILE_FEEDBACK,
  CONTACT_NAME_FEEDBACK,
  CONTACT_PHONE_FEEDBACK,
  isEmail,
  normaliseContactNotifications,
  normalisePhone,
  type ContactMethod,
  type ContactNotification,
  type CountryCode,
} from '@paddock/domain';
import { badRequest } from '../../http/errors.ts';

/** A notification ready to store: address normalised; `index` is its place in the body. */
export type NotificationInput = ContactNotification & { index: number };

export type ContactInput = {
  name: string;
  company: string | null;
  notifications: NotificationInput[];
};

const PHONE_FEEDBACK: Record<Exclude<ContactMethod, 'email'>, string> = {
  sms: CONTACT_MOBILE_FEEDBACK,
  voice: CONTACT_PHONE_FEEDBACK,
};

/**
 * Validates and normalises name, company and notifications. Phone numbers typed without +64/+61
 * are read in the site's country. Throws 400 naming the first field at fault, e.g.
 * `notifications.1.address` with 'Contact.MobileFeedback'.
 */
export function validateContactInput(
  body: { name: string; company?: string | null; notifications: readonly ContactNotification[] },
  siteCountry: CountryCode,
): ContactInput {
  const name = body.name.trim();
  if (name === '') throw badRequest('name', CONTACT_NAME_FEEDBACK);
  const company = body.company?.trim() || null;

  const kept = normaliseContactNotifications(
    body.notifications.map((notification, index) => ({ ...notification, index })),
  );
  const seenIds = new Set<number>();
  const notifications = kept.map((notification): NotificationInput => {
    if (notification.id !== undefined) {
      if (seenIds.has(notification.id)) {
        throw badRequest(`notifications.${notification.index}.id`, 'Notification given twice');
      }
      seenIds.add(notification.id);
    }
    const field = `notifications.${notification.index}.address`;
    if (notification.method === 'email') {
      if (!isEmail(notification.address)) throw badRequest(field, CONTACT_EMAIL_FEEDBACK);
      return notification;
    }
    const phone = normalisePhone(notification.address, notification.method, siteCountry);
    if (phone === null) throw badRequest(field, PHONE_FEEDBACK[notification.method]);
    return { ...notification, address: phone };
  });
  return { name, company, notifications };
}
