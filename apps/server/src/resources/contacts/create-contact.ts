/**
 * Creates a contact of a site with its notifications (§7): one without a login (POST
 * sites/{site}/contacts, `userId` null) or the caller's own (POST contacts, at most one per site
 * and user). Addresses are checked and phones stored in E.164 (§5). The caller has checked the
 * privilege and that the site exists, whose country it passes.
 */
import { refuse } from '@paddock/domain';
import type { Contact, ContactCreateBody, CountryCode } from '@paddock/domain';
import type { Database } from '../../db/client.ts';
import { validateContactInput, type NotificationInput } from './contact-input.ts';
import {
  findOwnContactId,
  findUserLocale,
  getContact,
  insertContact,
} from './contacts.repository.ts';

/** Decision: a new contact's locale follows the site's country unless the body gives one. */
const localeOf = (country: string) => (country === 'au' ? 'en-AU' : 'en-NZ');

export async function createContact(
  db: Database,
  input: { siteId: number; userId: number | null; country: CountryCode; body: ContactCreateBody },
): Promise<Contact> {
  const { siteId, userId, country, body } = input;
  const contact = validateContactInput(body, country);
  rejectIds(contact.notifications);
  let userLocale: string | null = null;
  if (userId !== null) {
    if ((await findOwnContactId(db, siteId, userId)) !== null) {
      throw refuse.conflict('You already have a contact on this site');
    }
    userLocale = await findUserLocale(db, userId);
  }
  const id = await db.transaction((tx) =>
    insertContact(
      tx,
      {
        siteId,
        userId,
        name: contact.name,
        company: contact.company,
        locale: body.locale ?? userLocale ?? localeOf(country),
      },
      contact.notifications,
    ),
  );
  const created = await getContact(db, id);
  if (!created) throw refuse.notFound('Contact');
  return created;
}

/** A new contact's notifications cannot name existing ones. */
function rejectIds(notifications: readonly NotificationInput[]) {
  const withId = notifications.find((notification) => notification.id !== undefined);
  if (withId) {
    throw refuse.invalid(
      `notifications.${withId.index}.id`,
      "A new contact's notifications have no id",
    );
  }
}
