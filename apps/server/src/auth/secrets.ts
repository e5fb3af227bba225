import { randomBytes, createHash } from 'node:crypto';
import type { Database } from '../db/client.ts';
import { findServerSetting, insertServerSettingUnlessKept } from './server-setting.repository.ts';

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
  return new TextEncoder().encode(configured || (await keptSecret(db, 'token_secret')));
}

/**
 * The field secret, from which every broker key is derived (field/credentials.ts): the
 * configured one (FIELD_SECRET), or one made at first start and kept in the database, so every
 * server process and `npm run field:keys` derive the same keys.
 */
export async function loadFieldSecret(db: Database, configured: string | null): Promise<string> {
  return configured || (await keptSecret(db, 'field_secret'));
}

/** A random secret kept under `key`; the first process to ask makes it, the others read it. */
async function keptSecret(db: Database, key: string): Promise<string> {
  await insertServerSettingUnlessKept(db, key, randomBytes(48).toString('base64url'));
  const value = await findServerSetting(db, key);
  if (value === null) throw new Error(`${key} missing after insert`);
  return value;
}

/**
 * The key that signs acknowledgement links in alarm emails and sms (alarms/ack-links.ts); made
 * at first start and kept in the database like the others.
 */
export async function loadAlarmLinkSecret(db: Database): Promise<string> {
  return keptSecret(db, ALARM_LINK_SECRET);
}

/**
 * The alarm link key if one was made, else null: answering a link only reads it, because without
 * a key no link was ever signed, and a refused request must change nothing.
 */
export async function findAlarmLinkSecret(db: Database): Promise<string | null> {
  return findServerSetting(db, ALARM_LINK_SECRET);
}

const ALARM_LINK_SECRET = 'alarm_link_secret';
