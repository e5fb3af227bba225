/**
 * Single-use, expiring tokens sent by email (password reset, account activation, invitation).
 * 256 random bits; only the hash is stored; consuming marks it used in the same statement, so
 * two concurrent uses cannot both succeed.
 */
import type { Database } from '../db/client.ts';
import {
  findLiveAccountToken,
  insertAccountToken,
  useLiveAccountToken,
  type AccountTokenRow,
} from './account-token.repository.ts';
import { hashToken, newOpaqueToken } from './secrets.ts';

export type AccountTokenPurpose = 'reset' | 'activation' | 'invitation';

/** How long each kind of link stays valid. */
const ACCOUNT_TOKEN_TTL_MS: Record<AccountTokenPurpose, number> = {
  reset: 60 * 60 * 1000,
  activation: 7 * 24 * 60 * 60 * 1000,
  invitation: 14 * 24 * 60 * 60 * 1000,
};

export async function issueAccountToken(
  db: Database,
  input: { userId: number; purpose: AccountTokenPurpose; siteId?: number | null; now: Date },
): Promise<string> {
  const token = newOpaqueToken();
  await insertAccountToken(db, {
    userId: input.userId,
    purpose: input.purpose,
    tokenHash: hashToken(token),
    siteId: input.siteId ?? null,
    expiresAt: new Date(input.now.getTime() + ACCOUNT_TOKEN_TTL_MS[input.purpose]),
    createdAt: input.now,
  });
  return token;
}

/** The live token row (unused, unexpired) without using it up, e.g. to validate a link. */
export async function peekAccountToken(
  db: Database,
  token: string,
  purpose: AccountTokenPurpose,
  now: Date,
): Promise<AccountTokenRow | null> {
  return findLiveAccountToken(db, hashToken(token), purpose, now);
}

/** Uses the token up; null when it is unknown, of another purpose, used or expired. */
export async function consumeAccountToken(
  db: Database,
  token: string,
  purpose: AccountTokenPurpose,
  now: Date,
): Promise<AccountTokenRow | null> {
  return useLiveAccountToken(db, hashToken(token), purpose, now);
}
