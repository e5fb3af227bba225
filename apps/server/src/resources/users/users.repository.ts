/**
 * SQL of site members (users of a site), their contacts and the alarms they subscribe to, and the
 * rows the users actions write (users, memberships, the audit log).
 */
import type { Privilege, SignupStatus, User, UserSwitch } from '@paddock/domain';
import { and, asc, desc, eq, gt, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { alias } from 'drizzle-orm/pg-core';
import {
  accountTokens,
  alarms,
  areaMembers,
  areas,
  auditLog,
  contacts,
  siteMembers,
  users,
} from '../../db/schema.ts';
import { presentAuditPerson } from '../auth/auth.presenter.ts';
import { listContacts } from '../contacts/contacts.repository.ts';
import { presentUser, type MemberRow } from './user.presenter.ts';

/** A transaction or the database itself. */

const memberColumns = {
  id: users.id,
  uid: users.uid,
  login: users.login,
  firstName: users.firstName,
  lastName: users.lastName,
  lastLogin: users.lastLogin,
  createdAt: users.createdAt,
  siteId: siteMembers.siteId,
  privileges: siteMembers.privileges,
  signupStatus: siteMembers.signupStatus,
};

async function selectMembers(db: Queryable, where: SQL | undefined): Promise<MemberRow[]> {
  return db
    .select(memberColumns)
    .from(siteMembers)
    .innerJoin(users, eq(users.id, siteMembers.userId))
    .where(where)
    .orderBy(asc(users.login));
}

/** The site's users (or the given ones among them), by login, each with contact and stats. */
export async function siteUsers(
  db: Queryable,
  siteId: number,
  userIds?: number[],
): Promise<User[]> {
  const members = await selectMembers(
    db,
    and(eq(siteMembers.siteId, siteId), userIds ? inArray(siteMembers.userId, userIds) : undefined),
  );
  if (members.length === 0) return [];
  const [contactList, alarmRows, areaRows] = await Promise.all([
    listContacts(
      db,
      and(
        eq(contacts.siteId, siteId),
        inArray(
          contacts.userId,
          members.map((member) => member.id),
        ),
      ),
    ),
    db
      .select({ active: alarms.active, notifications: alarms.notifications })
      .from(alarms)
      .where(eq(alarms.siteId, siteId)),
    db
      .select({
        userId: areaMembers.userId,
        areaId: areaMembers.areaId,
        privileges: areaMembers.privileges,
      })
      .from(areaMembers)
      .innerJoin(areas, eq(areas.id, areaMembers.areaId))
      .where(
        and(
          eq(areas.siteId, siteId),
          inArray(
            areaMembers.userId,
            members.map((member) => member.id),
          ),
        ),
      ),
  ]);
  const areasOf = new Map<number, Record<string, Privilege[]>>();
  for (const row of areaRows) {
    if (row.privileges.length === 0) continue;
    const lists = areasOf.get(row.userId) ?? {};
    lists[String(row.areaId)] = row.privileges;
    areasOf.set(row.userId, lists);
  }
  // A user with several contacts on the site shows the first (lowest id) one.
  const contactOf = new Map<string, (typeof contactList)[number]>();
  for (const contact of contactList) {
    if (contact.login && !contactOf.has(contact.login)) contactOf.set(contact.login, contact);
  }
  return members.map((member) =>
    presentUser(member, contactOf.get(member.login) ?? null, alarmRows, areasOf.get(member.id)),
  );
}

export async function findMember(
  db: Queryable,
  userId: number,
  siteId: number,
): Promise<MemberRow | null> {
  const [row] = await selectMembers(
    db,
    and(eq(siteMembers.userId, userId), eq(siteMembers.siteId, siteId)),
  );
  return row ?? null;
}

export async function findUserByLogin(db: Queryable, login: string) {
  const [row] = await db.select().from(users).where(eq(users.login, login));
  return row ?? null;
}

export async function findUserById(db: Queryable, id: number) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row ?? null;
}

/** Ends the user's open invitation links to the site: only the newest link works after a resend. */
export async function expireInvitations(
  db: Queryable,
  input: { userId: number; siteId: number; now: Date },
): Promise<void> {
  await db
    .update(accountTokens)
    .set({ expiresAt: input.now })
    .where(
      and(
        eq(accountTokens.userId, input.userId),
        eq(accountTokens.siteId, input.siteId),
        eq(accountTokens.purpose, 'invitation'),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, input.now),
      ),
    );
}

export type UserRow = typeof users.$inferSelect;

export async function insertUser(
  db: Queryable,
  input: { login: string; firstName: string; lastName: string; locale: string; now: Date },
): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values({
      login: input.login,
      firstName: input.firstName,
      lastName: input.lastName,
      locale: input.locale,
      createdAt: input.now,
    })
    .returning();
  if (!row) throw new Error('user insert returned nothing');
  return row;
}

export async function insertMember(
  db: Queryable,
  input: {
    userId: number;
    siteId: number;
    privileges: Privilege[];
    signupStatus: SignupStatus;
    now: Date;
  },
): Promise<void> {
  await db.insert(siteMembers).values({
    userId: input.userId,
    siteId: input.siteId,
    privileges: input.privileges,
    signupStatus: input.signupStatus,
    createdAt: input.now,
  });
}

export async function setSignupStatus(
  db: Queryable,
  input: { userId: number; siteId: number; signupStatus: SignupStatus },
): Promise<void> {
  await db
    .update(siteMembers)
    .set({ signupStatus: input.signupStatus })
    .where(and(eq(siteMembers.userId, input.userId), eq(siteMembers.siteId, input.siteId)));
}

/** One row of the audit log: who changed which user on which site. */
export async function insertAuditEntry(
  db: Queryable,
  entry: Omit<typeof auditLog.$inferInsert, 'id'>,
): Promise<void> {
  await db.insert(auditLog).values(entry);
}

/** Ends a membership: the site-level list and the user's lists on the site's areas. */
export async function deleteMember(
  db: Queryable,
  input: { userId: number; siteId: number },
): Promise<void> {
  await db
    .delete(areaMembers)
    .where(
      and(
        eq(areaMembers.userId, input.userId),
        inArray(
          areaMembers.areaId,
          db.select({ id: areas.id }).from(areas).where(eq(areas.siteId, input.siteId)),
        ),
      ),
    );
  await db
    .delete(siteMembers)
    .where(and(eq(siteMembers.userId, input.userId), eq(siteMembers.siteId, input.siteId)));
}

/** The audit trail shows at most this many switches, newest first. */
const USER_SWITCHES_SHOWN = 200;

const switchActors = alias(users, 'switch_actor');
const switchTargets = alias(users, 'switch_target');

/** What names one side of a switch: the user's id, login and names. */
function switchPerson(people: typeof switchActors | typeof switchTargets) {
  return {
    id: people.id,
    login: people.login,
    firstName: people.firstName,
    lastName: people.lastName,
  };
}

/**
 * Switch User entries (log-in-as audit rows) that reached a user of the site: those naming the site
 * itself, or (when the actor shared several sites with the user) listing it in their detail.
 */
export async function siteUserSwitches(db: Queryable, siteId: number): Promise<UserSwitch[]> {
  const rows = await db
    .select({
      id: auditLog.id,
      at: auditLog.createdAt,
      actor: switchPerson(switchActors),
      target: switchPerson(switchTargets),
    })
    .from(auditLog)
    .innerJoin(switchActors, eq(switchActors.id, auditLog.actorUserId))
    .innerJoin(switchTargets, eq(switchTargets.id, auditLog.targetUserId))
    .where(
      and(
        eq(auditLog.action, 'loginAs'),
        or(
          eq(auditLog.siteId, siteId),
          sql`${auditLog.detail} -> 'siteIds' @> ${JSON.stringify([siteId])}::jsonb`,
        ),
      ),
    )
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(USER_SWITCHES_SHOWN);
  return rows.map((row) => ({
    id: row.id,
    actor: presentAuditPerson(row.actor),
    target: presentAuditPerson(row.target),
    at: row.at.toISOString(),
  }));
}
