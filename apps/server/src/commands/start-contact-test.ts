/**
 * A test message through one contact notification (POST contacts/{id}/test). Email goes out at
 * once through the mailer; the console then polls the test's status (§4: new, inProgress, done;
 * any other final status is a failure). The caller has checked it may touch the contact.
 */
import type { Database } from '../db/client.ts';
import type { Clock } from '../http/context.ts';
import { badRequest } from '../http/errors.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { ContactRow } from '../routes/contacts/contact.presenter.ts';
import {
  findAreaOfSite,
  findNotifications,
  insertContactTest,
  setContactTestStatus,
} from '../routes/contacts/contacts.repository.ts';

export async function startContactTest(
  deps: { db: Database; mailer: Mailer; clock: Clock },
  input: { contact: ContactRow; notificationId: number; areaId: number },
): Promise<number> {
  const { db, mailer, clock } = deps;
  const { contact } = input;
  const notification = (await findNotifications(db, contact.id)).find(
    (row) => row.id === input.notificationId,
  );
  if (!notification) throw badRequest('notification', 'Not a notification of this contact');
  const area = await findAreaOfSite(db, input.areaId, contact.siteId);
  if (!area) throw badRequest('area', "Not an area of the contact's site");

  const testId = await insertContactTest(db, {
    contactId: contact.id,
    notificationId: notification.id,
    areaId: area.id,
    status: 'new',
    createdAt: clock.now(),
  });

  if (notification.method === 'email') {
    let status: 'done' | 'failed';
    try {
      const { delivered } = await mailer.send({
        to: notification.address,
        subject: `Paddock test message for ${area.label}`,
        text: [
          `Hello ${contact.name},`,
          '',
          `This is a test of your email alarm notification for ${area.label} at ${area.siteLabel}.`,
          'If you can read it, alarms for this area will reach you at this address.',
          '',
          '— The Paddock team',
        ].join('\n'),
      });
      status = delivered === 'failed' ? 'failed' : 'done';
    } catch {
      status = 'failed';
    }
    await setContactTestStatus(db, testId, status);
  }
  // TODO(sms/voice adapters): sms and voice tests stay 'new' until the provider adapters (the
  // later notification-delivery issue) pick up new contact_tests rows, send, and set done/failed.
  return testId;
}
