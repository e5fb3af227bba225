/**
 * §5 applied to a contact body on the server (the domain's checkContact, which the console's
 * contact form uses too), so a contact saved by any client obeys it: name not blank, emails of
 * the standard pattern, sms to NZ/AU mobiles and voice to NZ/AU numbers (stored in E.164),
 * addresses trimmed and empty ones dropped; and no notification id given twice.
 */
import { checkContact, type ContactNotification, type CountryCode, refuse } from '@paddock/domain';

/** A notification ready to store: address normalised; `index` is its place in the body. */
export type NotificationInput = ContactNotification & { index: number };

export type ContactInput = {
  name: string;
  company: string | null;
  notifications: NotificationInput[];
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
  const checked = checkContact(body, siteCountry);
  if (checked.nameProblem !== null) throw refuse.invalid('name', checked.nameProblem);
  const seenIds = new Set<number>();
  const notifications = checked.notifications.map(
    ({ index, notification, problem }): NotificationInput => {
      if (notification.id !== undefined) {
        if (seenIds.has(notification.id)) {
          throw refuse.invalid(`notifications.${index}.id`, 'Notification given twice');
        }
        seenIds.add(notification.id);
      }
      if (problem !== null) throw refuse.invalid(`notifications.${index}.address`, problem);
      return { ...notification, index };
    },
  );
  return { name: checked.name, company: checked.company, notifications };
}
