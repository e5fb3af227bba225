/**
 * Throttling of password guessing, kept in the database (`login_failures`) so it holds across
 * server processes and restarts, and timed by the app clock so tests can move past a window.
 * Each key counts attempts in a fixed window that starts at its first attempt.
 */
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { loginFailures } from '../../db/schema.ts';
import { tooManyRequests } from '../../http/errors.ts';
import { findUserById } from './auth.repository.ts';

const THROTTLE_WINDOW_MS = 15 * 60 * 1000;

// The limits (MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS and the others) are in the contract, whose call
// descriptions quote them.

/** Every key of one account's sign-ins begins so, whatever the address. */
const accountPrefix = (login: string) => `account:${login.toLowerCase()}|`;

export const throttleKey = {
  /**
   * An account's failures from one address: a guesser locks out only their own address, and the
   * owner still signs in from theirs (one key per account would lock the owner out for anyone).
   */
  accountFromAddress: (login: string, ip: string) => `${accountPrefix(login)}address:${ip}`,
  address: (ip: string) => `address:${ip}`,
  resetEmail: (userId: number) => `reset:${userId}`,
};

export type ThrottleLimit = { key: string; max: number };

/**
 * Refuses (429, with Retry-After in seconds) when any of the keys has reached its limit within
 * its window; checked before the password is verified so a locked account costs no hashing.
 */
export async function assertNotThrottled(
  db: Database,
  limits: ThrottleLimit[],
  now: Date,
  setRetryAfter: (seconds: number) => void,
  message: string,
): Promise<void> {
  for (const { key, max } of limits) {
    const [row] = await db.select().from(loginFailures).where(eq(loginFailures.key, key));
    if (!row) continue;
    const windowEnd = row.windowStart.getTime() + THROTTLE_WINDOW_MS;
    if (row.count >= max && windowEnd > now.getTime()) {
      setRetryAfter(Math.ceil((windowEnd - now.getTime()) / 1000));
      throw tooManyRequests(message);
    }
  }
}

/** Counts one attempt against each key, starting a new window where the old one has ended. */
export async function countAttempt(db: Database, keys: string[], now: Date): Promise<void> {
  const windowFloor = new Date(now.getTime() - THROTTLE_WINDOW_MS).toISOString();
  const at = now.toISOString();
  const expired = sql`${loginFailures.windowStart} <= ${windowFloor}::timestamptz`;
  for (const key of keys) {
    await db
      .insert(loginFailures)
      .values({ key, count: 1, windowStart: now })
      .onConflictDoUpdate({
        target: loginFailures.key,
        set: {
          count: sql`case when ${expired} then 1 else ${loginFailures.count} + 1 end`,
          windowStart: sql`case when ${expired} then ${at}::timestamptz else ${loginFailures.windowStart} end`,
        },
      });
  }
}

export async function clearAttempts(db: Database, key: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.key, key));
}

/** Whoever just set their password may sign in at once, from any address, even after failed attempts. */
export async function clearAccountAttempts(db: Database, userId: number): Promise<void> {
  const user = await findUserById(db, userId);
  if (!user) return;
  await db
    .delete(loginFailures)
    .where(sql`starts_with(${loginFailures.key}, ${accountPrefix(user.login)})`);
}
