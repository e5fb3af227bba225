/**
 * A test message through one contact notification (POST contacts/{id}/test). Email goes out at
 * once through the mailer; sms and voice through the alarm outbox and the provider; the console
 * then polls the test's status (§4: new, inProgress, done;
 * any other final status is a failure). The caller has checked it may touch the contact.
 */
import { refuse } from '@paddock/domain';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../clock.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { ContactRow } from './contact.presenter.ts';
import {
  findAreaOfSite,
  findNotifications,
  insertContactTest,
  queueContactTestMessage,
  setContactTestStatus,
} from './contacts.repository.ts';

export async function startContactTest(
  deps: { db: Database; mailer: Mailer; clock: Clock },
  input: { contact: ContactRow; notificationId: number; areaId: number },
): Promise<number> {
  const { db, mailer, clock } = deps;
  const { contact } = input;
  const notification = (await findNotifications(db, contact.id)).find(
    (row) => row.id === input.notificationId,
  );
  if (!notification) throw refuse.invalid('notification', 'Not a notification of this contact');
  const area = await findAreaOfSite(db, input.areaId, contact.siteId);
  if (!area) throw refuse.invalid('area', "Not an area of the contact's site");

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
  if (notification.method !== 'email') {
    // Through the alarm outbox: the worker's sender calls the provider, with its retries, and
    // sets the test inProgress, then done or failed (alarms/sender.ts).
    const text =
      notification.method === 'sms'
        ? `Paddock test: sms alarms for ${area.label} at ${area.siteLabel} will reach ${contact.name} at this number.`
        : `This is a Paddock test call for ${contact.name}. Alarms for ${area.label} at ${area.siteLabel} will call this number.`;
    await queueContactTestMessage(db, {
      siteId: contact.siteId,
      areaId: area.id,
      contactId: contact.id,
      contactTestId: testId,
      method: notification.method,
      address: notification.address,
      kind: 'test',
      severity: 'info',
      subject: 'Paddock test message',
      text,
      dueAt: clock.now(),
      createdAt: clock.now(),
    });
  }
  return testId;
}
