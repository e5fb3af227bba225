/**
 * Updates a contact and replaces its notifications (§7 PUT contacts/{id}): notifications with an
 * id are updated in place, those without added, missing ones deleted and taken off alarms. A
 * contact stays on its site. The caller has checked it may touch the contact; it is told the
 * contact as it was, once the body is found valid, for the change's audit row.
 */
import { refuse } from '@paddock/domain';
import type { Contact, ContactUpdateBody } from '@paddock/domain';
import type { Database } from '../../db/client.ts';
import { presentContact, type ContactRow } from './contact.presenter.ts';
import { validateContactInput } from './contact-input.ts';
import {
  findNotifications,
  getContact,
  replaceNotifications,
  siteCountry,
  updateContactRow,
} from './contacts.repository.ts';

export async function updateContact(
  db: Database,
  input: { contact: ContactRow; body: ContactUpdateBody; noteBefore: (before: Contact) => void },
): Promise<Contact> {
  const { contact, body } = input;
  const id = contact.id;
  if (body.id !== undefined && body.id !== id)
    throw refuse.invalid('id', 'Must be the id of the path');
  if (body.site !== contact.siteId) {
    throw refuse.invalid('site', 'A contact cannot move to another site');
  }
  const country = (await siteCountry(db, contact.siteId)) ?? 'nz';
  const fields = validateContactInput(body, country);
  const existing = await findNotifications(db, id);
  const existingIds = existing.map((row) => row.id);
  for (const notification of fields.notifications) {
    if (notification.id !== undefined && !existingIds.includes(notification.id)) {
      throw refuse.invalid(
        `notifications.${notification.index}.id`,
        'Not a notification of this contact',
      );
    }
  }
  input.noteBefore(presentContact(contact, existing));
  await db.transaction(async (tx) => {
    await updateContactRow(tx, id, {
      name: fields.name,
      company: fields.company,
      locale: body.locale ?? contact.locale,
    });
    await replaceNotifications(tx, id, existingIds, fields.notifications);
  });
  const updated = await getContact(db, id);
  if (!updated) throw refuse.notFound('Contact');
  return updated;
}
