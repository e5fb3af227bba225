import { randomBytes, createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { serverSettings } from '../db/schema.ts';

/** A fresh unguessable token: 256 bits, URL-safe (reset, activation, invitation, refresh). */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored only as their sha-256, so a database leak does not leak usable tokens. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * The access-token signing secret: the configured one, or one made at first start and kept in
 * the database so every server process signs and verifies alike.
 */
export async function loadTokenSecret(
  db: Database,
  configured: string | null,
): Promise<Uint8Array> {
  if (configured) return new TextEncoder().encode(configured);
  await db
    .insert(serverSettings)
    .values({ key: 'token_secret', value: randomBytes(48).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db
    .select()
    .from(serverSettings)
    .where(eq(serverSettings.key, 'token_secret'));
  if (!row) throw new Error('token secret missing after insert');
  return new TextEncoder().encode(row.value);
}
