/**
 * SQL of account_tokens (account-tokens.ts): only a token's hash is stored, and a live token is
 * one of its purpose that is neither used nor expired.
 */
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { accountTokens } from '../db/schema.ts';

export type AccountTokenRow = typeof accountTokens.$inferSelect;

export async function insertAccountToken(
  db: Database,
  values: Omit<typeof accountTokens.$inferInsert, 'id'>,
): Promise<void> {
  await db.insert(accountTokens).values(values);
}

const isLive = (tokenHash: string, purpose: AccountTokenRow['purpose'], now: Date) =>
  and(
    eq(accountTokens.tokenHash, tokenHash),
    eq(accountTokens.purpose, purpose),
    isNull(accountTokens.usedAt),
    gt(accountTokens.expiresAt, now),
  );

/** Reaches the live token with this hash and purpose at `now`; null when none is live. */
type LiveTokenStatement = (
  db: Database,
  tokenHash: string,
  purpose: AccountTokenRow['purpose'],
  now: Date,
) => Promise<AccountTokenRow | null>;

/** The live token row with this hash, left as it is. */
export const findLiveAccountToken: LiveTokenStatement = async (db, tokenHash, purpose, now) => {
  const [row] = await db
    .select()
    .from(accountTokens)
    .where(isLive(tokenHash, purpose, now));
  return row ?? null;
};

/** Marks the live token with this hash used, in the statement that finds it; null: none was live. */
export const useLiveAccountToken: LiveTokenStatement = async (db, tokenHash, purpose, now) => {
  const [row] = await db
    .update(accountTokens)
    .set({ usedAt: now })
    .where(isLive(tokenHash, purpose, now))
    .returning();
  return row ?? null;
};
