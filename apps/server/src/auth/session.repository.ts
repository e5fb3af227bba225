/** SQL of sessions (sessions.ts): their rows, refresh-token hashes and revocation. */
import { and, eq, gt, isNull, or } from 'drizzle-orm';
import type { Database, Queryable } from '../db/client.ts';
import { sessions } from '../db/schema.ts';

type SessionRow = typeof sessions.$inferSelect;

/** A new session; answers its id. */
export async function insertSession(
  db: Database,
  values: {
    userId: number;
    actorUserId: number | null;
    refreshTokenHash: string;
    expiresAt: Date;
  },
): Promise<string> {
  const [row] = await db.insert(sessions).values(values).returning({ id: sessions.id });
  if (!row) throw new Error('session insert returned nothing');
  return row.id;
}

/**
 * The session whose current or previous refresh token has this hash, locked for the rotation
 * (the caller's transaction).
 */
export async function lockSessionByRefreshTokenHash(
  tx: Queryable,
  presentedHash: string,
): Promise<SessionRow | null> {
  const [session] = await tx
    .select()
    .from(sessions)
    .where(
      or(
        eq(sessions.refreshTokenHash, presentedHash),
        eq(sessions.previousRefreshTokenHash, presentedHash),
      ),
    )
    .for('update');
  return session ?? null;
}

/** Revokes the session whatever its state (a copied refresh token came back). */
export async function setSessionRevoked(
  tx: Queryable,
  sessionId: string,
  now: Date,
): Promise<void> {
  await tx.update(sessions).set({ revokedAt: now }).where(eq(sessions.id, sessionId));
}

/** The session's new refresh token; the presented one is kept to recognise it if it comes back. */
export async function setSessionRefreshToken(
  tx: Queryable,
  sessionId: string,
  hashes: { refreshTokenHash: string; previousRefreshTokenHash: string },
): Promise<void> {
  await tx
    .update(sessions)
    .set({
      refreshTokenHash: hashes.refreshTokenHash,
      previousRefreshTokenHash: hashes.previousRefreshTokenHash,
    })
    .where(eq(sessions.id, sessionId));
}

/** Revokes the session unless it already is. */
export async function revokeLiveSession(db: Database, sessionId: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Revokes every session of the user that is not already revoked. */
export async function revokeLiveSessionsOfUser(
  db: Database,
  userId: number,
  now: Date,
): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

/** The session's user and expiry, only when it is neither revoked nor expired. */
export async function findLiveSession(
  db: Database,
  sessionId: string,
  now: Date,
): Promise<{ userId: number; expiresAt: Date } | null> {
  const [row] = await db
    .select({ userId: sessions.userId, expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(
      and(eq(sessions.id, sessionId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)),
    );
  return row ?? null;
}
