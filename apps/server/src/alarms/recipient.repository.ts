/**
 * Who an alarm's messages can go to, as stored: the site's contacts' active ways (contact
 * notifications) and the site's roster.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { contactNotifications, contacts, siteRosters } from '../db/schema.ts';

async function recipientsOf(tx: Database, siteId: number, where: ReturnType<typeof and>) {
  return tx
    .select({
      notificationId: contactNotifications.id,
      contactId: contacts.id,
      contactName: contacts.name,
      method: contactNotifications.method,
      address: contactNotifications.address,
      afterhours: contactNotifications.afterhours,
      criticalAfterhours: contactNotifications.criticalAfterhours,
    })
    .from(contactNotifications)
    .innerJoin(contacts, eq(contacts.id, contactNotifications.contactId))
    .where(and(eq(contacts.siteId, siteId), eq(contactNotifications.active, true), where))
    .orderBy(contactNotifications.id);
}

/** The site's active contact ways of these ids (the notifications an alarm names). */
export async function contactWaysByIds(tx: Database, siteId: number, notificationIds: number[]) {
  return recipientsOf(tx, siteId, inArray(contactNotifications.id, notificationIds));
}

/** Every active way of these contacts of the site. */
export async function contactWaysOfContacts(tx: Database, siteId: number, contactIds: number[]) {
  return recipientsOf(tx, siteId, inArray(contacts.id, contactIds));
}

/** The site's roster row; undefined when it has none. */
export async function findSiteRoster(tx: Database, siteId: number) {
  const [row] = await tx.select().from(siteRosters).where(eq(siteRosters.siteId, siteId));
  return row;
}
