/** SQL of server_settings (secrets.ts): values kept under a key, shared by every server process. */
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { serverSettings } from '../db/schema.ts';

/** Keeps the value under the key unless one is kept there already (the first writer wins). */
export async function insertServerSettingUnlessKept(
  db: Database,
  key: string,
  value: string,
): Promise<void> {
  await db.insert(serverSettings).values({ key, value }).onConflictDoNothing();
}

/** The value kept under the key; null: none. */
export async function findServerSetting(db: Database, key: string): Promise<string | null> {
  const [row] = await db.select().from(serverSettings).where(eq(serverSettings.key, key));
  return row?.value ?? null;
}
