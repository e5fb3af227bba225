/** SQL of the authentication calls: users by login, memberships, passwords, audit. */
import type { Privilege } from '@paddock/domain';
import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import { hashToken } from '../../auth/secrets.ts';
import { forgetLiveSessions } from '../../auth/sessions.ts';
import type { Database } from '../../db/client.ts';
import { accountTokens, auditLog, sessions, siteMembers, users } from '../../db/schema.ts';
import { listSiteMemberships } from '../../permissions/access.repository.ts';

export type UserRow = typeof users.$inferSelect;

/** Logins are emails stored lower-case; what the user typed is matched the same way. */
function normalizeLogin(login: string): string {
  return login.trim().toLowerCase();
}

export async function findUserByLogin(db: Database, login: string): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(users.login, normalizeLogin(login)));
  return row ?? null;
}

export async function findUserById(db: Database, id: number): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row ?? null;
}

export type Membership = {
  siteId: number;
  /** Site-level list joined with the user-level list (§6). */
  privileges: Privilege[];
};

/**
 * The sites a user belongs to, with what they may do there at site level. A revoked invitation
 * is no membership: it neither lets the user sign in nor lets staff act as them there.
 */
export async function activeMemberships(db: Database, userId: number): Promise<Membership[]> {
  const rows = await listSiteMemberships(db, userId);
  return rows.map((row) => ({
    siteId: row.siteId,
    privileges: [...new Set([...row.privileges, ...row.userPrivileges])],
  }));
}

export async function recordLastLogin(db: Database, userId: number, now: Date): Promise<void> {
  await db.update(users).set({ lastLogin: now }).where(eq(users.id, userId));
}

/**
 * Stores a new password hash, optionally with the name typed on the form. The emailed links
 * that could set a password again (reset, activation) stop working: whoever set it last holds
 * the account. Sessions end, except `keepSessionId` (the caller's own, on change password).
 */
export async function storePassword(
  db: Database,
  input: {
    userId: number;
    passwordHash: string;
    name?: { firstName: string; lastName: string };
    keepSessionId?: string;
    now: Date;
  },
): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash: input.passwordHash, ...input.name })
    .where(eq(users.id, input.userId));
  await db
    .update(accountTokens)
    .set({ usedAt: input.now })
    .where(
      and(
        eq(accountTokens.userId, input.userId),
        inArray(accountTokens.purpose, ['reset', 'activation']),
        isNull(accountTokens.usedAt),
      ),
    );
  await db
    .update(sessions)
    .set({ revokedAt: input.now })
    .where(
      and(
        eq(sessions.userId, input.userId),
        isNull(sessions.revokedAt),
        input.keepSessionId ? ne(sessions.id, input.keepSessionId) : undefined,
      ),
    );
  forgetLiveSessions(input.userId, input.keepSessionId);
}

/** Marks the user's open invitations accepted: on one site, or on every site when none is given. */
export async function completeSignup(
  db: Database,
  userId: number,
  siteId: number | null,
): Promise<void> {
  await db
    .update(siteMembers)
    .set({ signupStatus: 'completed' })
    .where(
      and(
        eq(siteMembers.userId, userId),
        inArray(siteMembers.signupStatus, ['sent', 'resent']),
        siteId === null ? undefined : eq(siteMembers.siteId, siteId),
      ),
    );
}

export type Invitation = {
  token: typeof accountTokens.$inferSelect;
  user: UserRow;
  /** The membership the invitation is for; null when it was removed since. */
  signupStatus: 'sent' | 'resent' | 'completed' | 'revoked' | null;
  memberExists: boolean;
};

/**
 * An invitation by its token, used or not: the sign-up page asks for its status after it was
 * completed too, and must then hear 'completed', not 'expired'.
 */
export async function findInvitation(db: Database, token: string): Promise<Invitation | null> {
  const [row] = await db
    .select({ token: accountTokens, user: users })
    .from(accountTokens)
    .innerJoin(users, eq(users.id, accountTokens.userId))
    .where(
      and(eq(accountTokens.tokenHash, hashToken(token)), eq(accountTokens.purpose, 'invitation')),
    );
  if (!row) return null;
  const siteId = row.token.siteId;
  const [member] =
    siteId === null
      ? []
      : await db
          .select({ signupStatus: siteMembers.signupStatus })
          .from(siteMembers)
          .where(and(eq(siteMembers.userId, row.user.id), eq(siteMembers.siteId, siteId)));
  return {
    token: row.token,
    user: row.user,
    signupStatus: member?.signupStatus ?? null,
    memberExists: member !== undefined,
  };
}

export async function auditLoginAs(
  db: Database,
  input: {
    actorUserId: number;
    targetUserId: number;
    siteIds: number[];
    sessionId: string;
    now: Date;
  },
): Promise<void> {
  await db.insert(auditLog).values({
    actorUserId: input.actorUserId,
    action: 'loginAs',
    targetUserId: input.targetUserId,
    // One shared site names the context; several are listed in the detail.
    siteId: input.siteIds.length === 1 ? (input.siteIds[0] ?? null) : null,
    detail: { sessionId: input.sessionId, siteIds: input.siteIds },
    createdAt: input.now,
  });
}
