/** SQL of alarm notifications: the logs, the roster, acknowledgement links and provider statuses. */
import type { AckLink, NotificationLogEntry, Roster } from '@paddock/domain';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { acknowledgeAlarm } from '../../alarms/acknowledge.ts';
import { useAckLinks } from '../../alarms/ack-link.repository.ts';
import type { Database } from '../../db/client.ts';
import {
  alarmNotifications,
  alarms,
  areas,
  contactNotifications,
  contacts,
  siteRosters,
  sites,
  users,
} from '../../db/schema.ts';
import { findAlarmStates } from '../alarms/alarms.repository.ts';

type LogRow = typeof alarmNotifications.$inferSelect & { contactName: string | null };

function presentLog(row: LogRow): NotificationLogEntry {
  return {
    id: row.id,
    alarm: row.alarmId,
    area: row.areaId,
    contact: row.contactId,
    contactName: row.contactName,
    method: row.method,
    address: row.address,
    kind: row.kind,
    status: row.status,
    reason: row.reason,
    attempts: row.attempts,
    text: row.method === 'email' ? row.subject || row.text : row.text,
    providerId: row.providerId,
    step: row.step,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt ? row.sentAt.toISOString() : null,
  };
}

async function logRows(db: Database, where: ReturnType<typeof and>, limit: number) {
  const rows = await db
    .select({ row: alarmNotifications, contactName: contacts.name })
    .from(alarmNotifications)
    .leftJoin(contacts, eq(contacts.id, alarmNotifications.contactId))
    .where(where)
    .orderBy(desc(alarmNotifications.id))
    .limit(limit);
  return rows.map(({ row, contactName }) => presentLog({ ...row, contactName }));
}

export async function ackLinkView(
  db: Database,
  alarmId: number,
  used: boolean,
): Promise<AckLink | null> {
  const [row] = await db
    .select({ alarm: alarms, area: areas.label, site: sites.label })
    .from(alarms)
    .innerJoin(areas, eq(areas.id, alarms.areaId))
    .innerJoin(sites, eq(sites.id, alarms.siteId))
    .where(eq(alarms.id, alarmId));
  if (!row) return null;
  const state = (await findAlarmStates(db, [alarmId])).get(alarmId);
  return {
    alarm: alarmId,
    label: row.alarm.label,
    site: row.site,
    area: row.area,
    status: state?.status ?? 'normal',
    used,
    acknowledgedAt: state?.acknowledgedAt ? state.acknowledgedAt.toISOString() : null,
    acknowledgedBy: state?.acknowledgedBy ?? null,
  };
}

export function alarmNotificationLog(db: Database, alarmId: number, limit: number) {
  return logRows(db, eq(alarmNotifications.alarmId, alarmId), limit);
}

export function siteNotificationLog(db: Database, siteId: number, limit: number) {
  return logRows(db, eq(alarmNotifications.siteId, siteId), limit);
}

export async function findRoster(db: Database, siteId: number): Promise<Roster | null> {
  const [row] = await db.select().from(siteRosters).where(eq(siteRosters.siteId, siteId));
  return row?.roster ?? null;
}

/** The active methods of these contacts of the site. */
export async function activeMethodsOf(db: Database, siteId: number, contactIds: number[]) {
  if (contactIds.length === 0) return [];
  return db
    .select({ contact: contacts.id, method: contactNotifications.method })
    .from(contacts)
    .innerJoin(contactNotifications, eq(contactNotifications.contactId, contacts.id))
    .where(
      and(
        eq(contacts.siteId, siteId),
        inArray(contacts.id, contactIds),
        eq(contactNotifications.active, true),
      ),
    );
}

export async function saveRoster(db: Database, siteId: number, roster: Roster) {
  await db
    .insert(siteRosters)
    .values({ siteId, roster })
    .onConflictDoUpdate({ target: siteRosters.siteId, set: { roster } });
}

/** Uses the links up and acknowledges their alarms, in one transaction. */
export async function acknowledgeByLinks(
  db: Database,
  links: { id: number }[],
  input: { via: 'link' | 'voice'; comment: string | null; now: Date },
) {
  return db.transaction(async (tx) => {
    const used = await useAckLinks(
      tx,
      links.map((link) => link.id),
      input.now,
    );
    let acknowledged = 0;
    for (const link of used) {
      const [contact] = link.contactId
        ? await tx
            .select({ name: contacts.name })
            .from(contacts)
            .where(eq(contacts.id, link.contactId))
        : [];
      const outcome = await acknowledgeAlarm(tx, {
        alarmId: link.alarmId,
        by: contact?.name ?? 'a contact',
        via: input.via,
        comment: input.comment,
        now: input.now,
        episode: link.episode,
      });
      if (outcome === 'acknowledged') acknowledged++;
    }
    return { used: used.length, acknowledged };
  });
}

/** A provider's final word on a message or call it took. */
export async function recordProviderStatus(
  db: Database,
  sid: string,
  outcome: { failed: true; reason: string } | { failed: false },
) {
  await db
    .update(alarmNotifications)
    .set(outcome.failed ? { status: 'failed', reason: outcome.reason } : { status: 'delivered' })
    .where(
      and(
        eq(alarmNotifications.providerId, sid),
        inArray(alarmNotifications.status, ['sent', 'delivered']),
      ),
    );
}

/** The names an acknowledgement is signed with (caller-name.ts); null: no such user. */
export async function findCallerNameParts(
  db: Database,
  userId: number,
): Promise<{ firstName: string; lastName: string; login: string } | null> {
  const [user] = await db
    .select({ firstName: users.firstName, lastName: users.lastName, login: users.login })
    .from(users)
    .where(eq(users.id, userId));
  return user ?? null;
}
