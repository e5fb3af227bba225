/**
 * Sessions and their refresh tokens. Each refresh rotates the token; a token that was already
 * rotated away and comes back means it was copied, so the whole session is revoked.
 */
import type { Database } from '../db/client.ts';
import { RecentMap } from '../recent-map.ts';
import { hashToken, newOpaqueToken } from './secrets.ts';
import {
  findLiveSession,
  insertSession,
  lockSessionByRefreshTokenHash,
  revokeLiveSession,
  revokeLiveSessionsOfUser,
  setSessionRefreshToken,
  setSessionRevoked,
} from './session.repository.ts';

export type IssuedSession = { sessionId: string; refreshToken: string };

/**
 * Sessions this process found live a moment ago. Every authenticated call checks its session, and
 * a console makes several calls at once; asking the database each time cost as much as the call
 * itself. A session revoked by this process is forgotten at once (the revoke functions below); one
 * revoked by another server process on the same database stops working here within
 * LIVE_SESSION_RECHECK_MS, and an expired one at its expiry.
 */
export const LIVE_SESSION_RECHECK_MS = 2_000;
/** Past this many remembered sessions the oldest checks are dropped (they are asked again). */
const LIVE_SESSIONS_KEPT = 50_000;
const liveSessions = new RecentMap<
  string,
  { userId: number; checkedAt: number; expiresAt: number }
>(LIVE_SESSIONS_KEPT);

/** This process stops vouching for the sessions of the user (all, or all but one). */
export function forgetLiveSessions(userId: number, keepSessionId?: string): void {
  for (const [sessionId, entry] of [...liveSessions.entries()]) {
    if (entry.userId === userId && sessionId !== keepSessionId) liveSessions.delete(sessionId);
  }
}

export async function createSession(
  db: Database,
  input: { userId: number; actorUserId: number | null; ttlSeconds: number; now: Date },
): Promise<IssuedSession> {
  const refreshToken = newOpaqueToken();
  const sessionId = await insertSession(db, {
    userId: input.userId,
    actorUserId: input.actorUserId,
    refreshTokenHash: hashToken(refreshToken),
    expiresAt: new Date(input.now.getTime() + input.ttlSeconds * 1000),
  });
  return { sessionId, refreshToken };
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
    const session = await lockSessionByRefreshTokenHash(tx, presentedHash);
    if (!session) return { ok: false, reason: 'unknown' } as const;
    if (session.revokedAt) return { ok: false, reason: 'revoked' } as const;
    if (session.refreshTokenHash !== presentedHash) {
      await setSessionRevoked(tx, session.id, now);
      liveSessions.delete(session.id);
      return { ok: false, reason: 'reused' } as const;
    }
    if (session.expiresAt <= now) return { ok: false, reason: 'expired' } as const;
    const refreshToken = newOpaqueToken();
    await setSessionRefreshToken(tx, session.id, {
      refreshTokenHash: hashToken(refreshToken),
      previousRefreshTokenHash: presentedHash,
    });
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
  await revokeLiveSession(db, sessionId, now);
  liveSessions.delete(sessionId);
}

/** Every session of a user ends, e.g. after a password change or reset. */
export async function revokeUserSessions(db: Database, userId: number, now: Date): Promise<void> {
  await revokeLiveSessionsOfUser(db, userId, now);
  forgetLiveSessions(userId);
}

export async function isSessionLive(db: Database, sessionId: string, now: Date): Promise<boolean> {
  const nowMs = now.getTime();
  const known = liveSessions.get(sessionId);
  if (
    known &&
    known.checkedAt <= nowMs &&
    nowMs - known.checkedAt < LIVE_SESSION_RECHECK_MS &&
    nowMs < known.expiresAt
  ) {
    return true;
  }
  const row = await findLiveSession(db, sessionId, now);
  liveSessions.delete(sessionId);
  if (!row) return false;
  liveSessions.set(sessionId, {
    userId: row.userId,
    checkedAt: nowMs,
    expiresAt: row.expiresAt.getTime(),
  });
  return true;
}
