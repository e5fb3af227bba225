/** SQL of contacts and their notifications; writes that touch several rows take a transaction. */
import type { Contact, CountryCode } from '@paddock/domain';
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import {
  alarmNotifications,
  alarms,
  areas,
  contactNotifications,
  contacts,
  contactTests,
  sites,
  users,
} from '../../db/schema.ts';
import type { NotificationInput } from './contact-input.ts';
import {
  presentContact,
  type ContactNotificationRow,
  type ContactRow,
} from './contact.presenter.ts';

/** A transaction or the database itself: repository writes run inside the caller's transaction. */

const contactColumns = {
  id: contacts.id,
  siteId: contacts.siteId,
  userId: contacts.userId,
  name: contacts.name,
  company: contacts.company,
  locale: contacts.locale,
  login: users.login,
};

async function selectContacts(db: Queryable, where: SQL | undefined): Promise<ContactRow[]> {
  return db
    .select(contactColumns)
    .from(contacts)
    .leftJoin(users, eq(users.id, contacts.userId))
    .where(where)
    .orderBy(asc(contacts.id));
}

/** The contacts matching `where`, each with its notifications, in id order. */
export async function listContacts(db: Queryable, where: SQL | undefined): Promise<Contact[]> {
  const rows = await selectContacts(db, where);
  if (rows.length === 0) return [];
  const notificationRows = await db
    .select()
    .from(contactNotifications)
    .where(
      inArray(
        contactNotifications.contactId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(contactNotifications.id));
  const byContact = new Map<number, ContactNotificationRow[]>();
  for (const row of notificationRows) {
    byContact.set(row.contactId, [...(byContact.get(row.contactId) ?? []), row]);
  }
  return rows.map((row) => presentContact(row, byContact.get(row.id) ?? []));
}

export async function findContactRow(db: Queryable, id: number): Promise<ContactRow | null> {
  const [row] = await selectContacts(db, eq(contacts.id, id));
  return row ?? null;
}

export async function getContact(db: Queryable, id: number): Promise<Contact | null> {
  const [contact] = await listContacts(db, eq(contacts.id, id));
  return contact ?? null;
}

export async function findNotifications(
  db: Queryable,
  contactId: number,
): Promise<ContactNotificationRow[]> {
  return db
    .select()
    .from(contactNotifications)
    .where(eq(contactNotifications.contactId, contactId))
    .orderBy(asc(contactNotifications.id));
}

/** The site's country, which decides how national phone numbers are read; null for no such site. */
export async function siteCountry(db: Queryable, siteId: number): Promise<CountryCode | null> {
  const [site] = await db.select({ tags: sites.tags }).from(sites).where(eq(sites.id, siteId));
  return site ? site.tags.country : null;
}

export async function insertContact(
  db: Queryable,
  values: typeof contacts.$inferInsert,
  notifications: readonly NotificationInput[],
): Promise<number> {
  const [row] = await db.insert(contacts).values(values).returning({ id: contacts.id });
  if (!row) throw new Error('contact insert returned nothing');
  if (notifications.length > 0) {
    await db
      .insert(contactNotifications)
      .values(notifications.map((notification) => notificationValues(row.id, notification)));
  }
  return row.id;
}

function notificationValues(contactId: number, notification: NotificationInput) {
  return {
    contactId,
    method: notification.method,
    address: notification.address,
    afterhours: notification.afterhours,
    active: notification.active,
    criticalAfterhours: notification.criticalAfterhours ?? false,
  };
}

/**
 * Makes the contact's notifications exactly `notifications`: those with an id are updated in
 * place (alarms keep pointing at them), new ones inserted, missing ones deleted and taken off
 * every alarm that named them.
 */
export async function replaceNotifications(
  db: Queryable,
  contactId: number,
  existingIds: readonly number[],
  notifications: readonly NotificationInput[],
): Promise<void> {
  const keptIds = new Set(notifications.flatMap((n) => (n.id === undefined ? [] : [n.id])));
  const removedIds = existingIds.filter((id) => !keptIds.has(id));
  if (removedIds.length > 0) {
    await db.delete(contactNotifications).where(inArray(contactNotifications.id, removedIds));
    await forgetNotificationsInAlarms(db, removedIds);
  }
  for (const notification of notifications) {
    if (notification.id === undefined) continue;
    await db
      .update(contactNotifications)
      .set(notificationValues(contactId, notification))
      .where(
        and(
          eq(contactNotifications.id, notification.id),
          eq(contactNotifications.contactId, contactId),
        ),
      );
  }
  const added = notifications.filter((notification) => notification.id === undefined);
  if (added.length > 0) {
    await db
      .insert(contactNotifications)
      .values(added.map((notification) => notificationValues(contactId, notification)));
  }
}

/** Alarms hold notification ids in an array (no foreign key), so deleted ids are removed here. */
export async function forgetNotificationsInAlarms(
  db: Queryable,
  notificationIds: readonly number[],
): Promise<void> {
  for (const id of notificationIds) {
    await db
      .update(alarms)
      .set({ notifications: sql`array_remove(${alarms.notifications}, ${id}::integer)` })
      .where(sql`${id}::integer = any(${alarms.notifications})`);
  }
}

export function listContactsOfSite(db: Queryable, siteId: number): Promise<Contact[]> {
  return listContacts(db, eq(contacts.siteId, siteId));
}

/** The user's contact on the first (lowest id) of the sites that has one. */
export async function findUserContact(
  db: Queryable,
  userId: number,
  siteIds: readonly number[],
): Promise<Contact | null> {
  const [contact] = await listContacts(
    db,
    and(eq(contacts.userId, userId), inArray(contacts.siteId, [...siteIds])),
  );
  return contact ?? null;
}

/** The id of the user's own contact on the site, if they have one. */
export async function findOwnContactId(
  db: Queryable,
  siteId: number,
  userId: number,
): Promise<number | null> {
  const [row] = await db
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(contacts.siteId, siteId), eq(contacts.userId, userId)));
  return row?.id ?? null;
}

export async function findUserLocale(db: Queryable, userId: number): Promise<string | null> {
  const [row] = await db.select({ locale: users.locale }).from(users).where(eq(users.id, userId));
  return row?.locale ?? null;
}

export async function updateContactRow(
  db: Queryable,
  id: number,
  values: Pick<typeof contacts.$inferInsert, 'name' | 'company' | 'locale'>,
): Promise<void> {
  await db.update(contacts).set(values).where(eq(contacts.id, id));
}

export async function deleteContactRow(db: Queryable, id: number): Promise<void> {
  await db.delete(contacts).where(eq(contacts.id, id));
}

/** The area a test is for, only when it belongs to the contact's site. */
export async function findAreaOfSite(
  db: Queryable,
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

export type ContactTestRow = typeof contactTests.$inferSelect;

export async function insertContactTest(
  db: Queryable,
  values: Omit<typeof contactTests.$inferInsert, 'id'>,
): Promise<number> {
  const [row] = await db.insert(contactTests).values(values).returning({ id: contactTests.id });
  if (!row) throw new Error('contact test insert returned nothing');
  return row.id;
}

export async function setContactTestStatus(
  db: Queryable,
  id: number,
  status: ContactTestRow['status'],
): Promise<void> {
  await db.update(contactTests).set({ status }).where(eq(contactTests.id, id));
}

/**
 * A test message by sms or voice, queued in the alarm outbox: the worker's sender calls the
 * provider and moves the test on (alarms/sender.ts).
 */
export async function queueContactTestMessage(
  db: Queryable,
  values: typeof alarmNotifications.$inferInsert,
): Promise<void> {
  await db.insert(alarmNotifications).values(values);
}

/** A test's status, only when the test is of the contact. */
export async function findContactTestStatus(
  db: Queryable,
  testId: number,
  contactId: number,
): Promise<ContactTestRow['status'] | null> {
  const [row] = await db
    .select({ status: contactTests.status })
    .from(contactTests)
    .where(and(eq(contactTests.id, testId), eq(contactTests.contactId, contactId)));
  return row?.status ?? null;
}
