/** What the health check asks the database. */
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client.ts';

/** Whether the database answers a trivial query; false on any error. */
export async function databaseAnswers(db: Database): Promise<boolean> {
  try {
    await queryRows(db, sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
