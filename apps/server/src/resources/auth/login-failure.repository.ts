/**
 * SQL of login_failures (login-throttle.ts): one row per throttle key, counting attempts in a
 * window that starts at the key's first attempt.
 */
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { loginFailures } from '../../db/schema.ts';

type LoginFailureRow = typeof loginFailures.$inferSelect;

export async function findLoginFailures(
  db: Database,
  key: string,
): Promise<LoginFailureRow | null> {
  const [row] = await db.select().from(loginFailures).where(eq(loginFailures.key, key));
  return row ?? null;
}

/**
 * Counts one attempt against each key in turn: a key whose window started at or before
 * `windowFloor` starts a new window at `now` with a count of one.
 */
export async function countLoginFailures(
  db: Database,
  keys: string[],
  now: Date,
  windowFloor: Date,
): Promise<void> {
  const floor = windowFloor.toISOString();
  const at = now.toISOString();
  const expired = sql`${loginFailures.windowStart} <= ${floor}::timestamptz`;
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

export async function deleteLoginFailures(db: Database, key: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.key, key));
}

/** Every key that begins so (all of one account's keys, whatever the address). */
export async function deleteLoginFailuresStartingWith(db: Database, prefix: string): Promise<void> {
  await db.delete(loginFailures).where(sql`starts_with(${loginFailures.key}, ${prefix})`);
}
