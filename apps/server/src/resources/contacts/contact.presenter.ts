/** Contact rows as the console reads them (§3 Contact). */
import type { Contact, ContactNotification } from '@paddock/domain';
import type { contactNotifications, contacts } from '../../db/schema.ts';

export type ContactRow = typeof contacts.$inferSelect & {
  /** Login of the user the contact belongs to, from the users table. */
  login: string | null;
};
export type ContactNotificationRow = typeof contactNotifications.$inferSelect;

function presentContactNotification(row: ContactNotificationRow): ContactNotification {
  return {
    id: row.id,
    method: row.method,
    address: row.address,
    afterhours: row.afterhours,
    active: row.active,
    criticalAfterhours: row.criticalAfterhours,
  };
}

export function presentContact(
  row: ContactRow,
  notifications: readonly ContactNotificationRow[],
): Contact {
  return {
    id: row.id,
    site: row.siteId,
    name: row.name,
    company: row.company,
    locale: row.locale,
    login: row.login,
    notifications: notifications.map(presentContactNotification),
  };
}
