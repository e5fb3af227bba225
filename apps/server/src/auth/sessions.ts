/**
 * Sessions and their refresh tokens. Each refresh rotates the token; a token that was already
 * rotated away and comes back means it was copied, so the whole session is revoked.
 */
import { and, eq, gt, isNull, or } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { sessions } from '../db/schema.ts';
import { hashToken, newOpaqueToken } from './secrets.ts';

export type IssuedSession = { sessionId: string; refreshToken: string };

export async function createSession(
  db: Database,
  input: { userId: number; actorUserId: number | null; ttlSeconds: number; now: Date },
): Promise<IssuedSession> {
  const refreshToken = newOpaqueToken();
  const [row] = await db
    .insert(sessions)
    .values({
      userId: input.userId,
      actorUserId: input.actorUserId,
      refreshTokenHash: hashToken(refreshToken),
      expiresAt: new Date(input.now.getTime() + input.ttlSeconds * 1000),
    })
    .returning({ id: sessions.id });
  if (!row) throw new Error('session insert returned nothing');
  return { sessionId: row.id, refreshToken };
}

export type RotateResult =
  | {
      ok: true;
      sessionId: string;
      userId: number;
      actorUserId: number | null;
      refreshToken: string;
    }
  | { ok: false; reason: 'unknown' | 'expired' | 'revoked' | 'reused' };

export async function rotateRefreshToken(
  db: Database,
  presented: string,
  now: Date,
): Promise<RotateResult> {
  const presentedHash = hashToken(presented);
  return db.transaction(async (tx) => {
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
    if (!session) return { ok: false, reason: 'unknown' } as const;
    if (session.revokedAt) return { ok: false, reason: 'revoked' } as const;
    if (session.refreshTokenHash !== presentedHash) {
      await tx.update(sessions).set({ revokedAt: now }).where(eq(sessions.id, session.id));
      return { ok: false, reason: 'reused' } as const;
    }
    if (session.expiresAt <= now) return { ok: false, reason: 'expired' } as const;
    const refreshToken = newOpaqueToken();
    await tx
      .update(sessions)
      .set({ refreshTokenHash: hashToken(refreshToken), previousRefreshTokenHash: presentedHash })
      .where(eq(sessions.id, session.id));
    return {
      ok: true,
      sessionId: session.id,
      userId: session.userId,
      actorUserId: session.actorUserId,
      refreshToken,
    } as const;
  });
}

export async function revokeSession(db: Database, sessionId: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Every session of a user ends, e.g. after a password change or reset. */
export async function revokeUserSessions(db: Database, userId: number, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

export async function isSessionLive(db: Database, sessionId: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      and(eq(sessions.id, sessionId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)),
    );
  return row !== undefined;
}
