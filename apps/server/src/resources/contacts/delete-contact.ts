/**
 * Deletes a contact of a site (§7 DELETE sites/{site}/contacts/{id}) and takes its notifications
 * off every alarm. The caller has checked the 'edit' privilege on the site; it is told the contact
 * as it was, for the change's audit row.
 */
import { refuse, type Contact } from '@paddock/domain';
import type { Database } from '../../db/client.ts';
import { presentContact } from './contact.presenter.ts';
import {
  deleteContactRow,
  findContactRow,
  findNotifications,
  forgetNotificationsInAlarms,
} from './contacts.repository.ts';

export async function deleteContact(
  db: Database,
  input: { siteId: number; id: number; noteBefore: (before: Contact) => void },
): Promise<void> {
  const { siteId, id } = input;
  // A contact of another site is not found here: the path names a pair that does not exist.
  const contact = await findContactRow(db, id);
  if (contact?.siteId !== siteId) throw refuse.notFound('Contact');
  const notifications = await findNotifications(db, id);
  input.noteBefore(presentContact(contact, notifications));
  const notificationIds = notifications.map((row) => row.id);
  await db.transaction(async (tx) => {
    await forgetNotificationsInAlarms(tx, notificationIds);
    await deleteContactRow(tx, id);
  });
}
