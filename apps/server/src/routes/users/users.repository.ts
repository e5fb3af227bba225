/**
 * SQL of site members (users of a site), their contacts and the alarms they subscribe to, and the
 * rows the users actions write (users, memberships, the audit log).
 */
import type { Privilege, SignupStatus, User } from '@paddock/domain';
import { and, asc, eq, gt, inArray, isNull, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  accountTokens,
  alarms,
  auditLog,
  contacts,
  siteMembers,
  sites,
  users,
} from '../../db/schema.ts';
import { listContacts } from '../contacts/contacts.repository.ts';
import { presentUser, type MemberRow } from './user.presenter.ts';

/** A transaction or the database itself. */
export type Queryable = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

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
  const [contactList, alarmRows] = await Promise.all([
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
  ]);
  // A user with several contacts on the site shows the first (lowest id) one.
  const contactOf = new Map<string, (typeof contactList)[number]>();
  for (const contact of contactList) {
    if (contact.login && !contactOf.has(contact.login)) contactOf.set(contact.login, contact);
  }
  return members.map((member) =>
    presentUser(member, contactOf.get(member.login) ?? null, alarmRows),
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

export async function siteLabel(db: Queryable, siteId: number): Promise<string | null> {
  const [row] = await db.select({ label: sites.label }).from(sites).where(eq(sites.id, siteId));
  return row?.label ?? null;
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
