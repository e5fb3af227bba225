/**
 * A test message through one contact notification (POST contacts/{id}/test). Email goes out at
 * once through the mailer; the console then polls the test's status (§4: new, inProgress, done;
 * any other final status is a failure).
 */
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { areas, contactTests, sites } from '../../db/schema.ts';
import type { Clock } from '../../http/context.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { ContactNotificationRow, ContactRow } from './contact.presenter.ts';

export async function startContactTest(
  deps: { db: Database; mailer: Mailer; clock: Clock },
  contact: ContactRow,
  notification: ContactNotificationRow,
  area: { id: number; label: string; siteLabel: string },
): Promise<number> {
  const { db, mailer, clock } = deps;
  const [test] = await db
    .insert(contactTests)
    .values({
      contactId: contact.id,
      notificationId: notification.id,
      areaId: area.id,
      status: 'new',
      createdAt: clock.now(),
    })
    .returning({ id: contactTests.id });
  if (!test) throw new Error('contact test insert returned nothing');

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
    await db.update(contactTests).set({ status }).where(eq(contactTests.id, test.id));
  }
  // TODO(sms/voice adapters): sms and voice tests stay 'new' until the provider adapters (the
  // later notification-delivery issue) pick up new contact_tests rows, send, and set done/failed.
  return test.id;
}

/** The area a test is for, only when it belongs to the contact's site. */
export async function findAreaOfSite(
  db: Database,
  areaId: number,
  siteId: number,
): Promise<{ id: number; label: string; siteLabel: string } | null> {
  const [row] = await db
    .select({ id: areas.id, label: areas.label, siteLabel: sites.label })
    .from(areas)
    .innerJoin(sites, eq(sites.id, areas.siteId))
    .where(and(eq(areas.id, areaId), eq(areas.siteId, siteId)));
  return row ?? null;
}
