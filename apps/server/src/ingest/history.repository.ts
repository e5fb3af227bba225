/**
 * The history store's query through drizzle (history-store.ts copies readings in through PGlite
 * itself): when the farm was set up.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../db/client.ts';

/** The creation of the farm's first user, as the driver returns it; null when it has none. */
export async function firstUserCreatedAt(db: Database): Promise<string | Date | null> {
  const rows = await queryRows<{ epoch: string | Date | null }>(
    db,
    sql`select min(created_at) as epoch from users`,
  );
  return rows[0]?.epoch ?? null;
}
