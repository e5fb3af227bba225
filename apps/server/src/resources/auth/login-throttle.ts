/**
 * Throttling of password guessing, kept in the database (`login_failures`) so it holds across
 * server processes and restarts, and timed by the app clock so tests can move past a window.
 * Each key counts attempts in a fixed window that starts at its first attempt.
 */
import type { Database } from '../../db/client.ts';
import { tooManyRequests } from '../../http/errors.ts';
import { findUserById } from './auth.repository.ts';
import {
  countLoginFailures,
  deleteLoginFailures,
  deleteLoginFailuresStartingWith,
  findLoginFailures,
} from './login-failure.repository.ts';

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
  /**
   * Reset emails asked for one email address, by the address as typed rather than its account:
   * an unknown one reaches the limit just as a known one does, so the 429 tells nobody either.
   */
  resetEmail: (email: string) => `reset:${email.toLowerCase()}`,
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
    const row = await findLoginFailures(db, key);
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
  await countLoginFailures(db, keys, now, new Date(now.getTime() - THROTTLE_WINDOW_MS));
}

export async function clearAttempts(db: Database, key: string): Promise<void> {
  await deleteLoginFailures(db, key);
}

/** Whoever just set their password may sign in at once, from any address, even after failed attempts. */
export async function clearAccountAttempts(db: Database, userId: number): Promise<void> {
  const user = await findUserById(db, userId);
  if (!user) return;
  await deleteLoginFailuresStartingWith(db, accountPrefix(user.login));
}
