/**
 * Deletes a contact of a site (§7 DELETE sites/{site}/contacts/{id}) and takes its notifications
 * off every alarm. The caller has checked the 'edit' privilege on the site.
 */
import { refuse } from '@paddock/domain';
import type { Database } from '../../db/client.ts';
import {
  deleteContactRow,
  findContactIdOfSite,
  findNotifications,
  forgetNotificationsInAlarms,
} from './contacts.repository.ts';

export async function deleteContact(
  db: Database,
  input: { siteId: number; id: number },
): Promise<void> {
  const { siteId, id } = input;
  // A contact of another site is not found here: the path names a pair that does not exist.
  if ((await findContactIdOfSite(db, id, siteId)) === null) throw refuse.notFound('Contact');
  const notificationIds = (await findNotifications(db, id)).map((row) => row.id);
  await db.transaction(async (tx) => {
    await forgetNotificationsInAlarms(tx, notificationIds);
    await deleteContactRow(tx, id);
  });
}
