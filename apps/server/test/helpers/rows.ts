/**
 * Reading rows back in tests: the one row an insert returned, a row by its id, and counts.
 */
import { count, eq, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../src/db/client.ts';

/** The one row an insert returned. */
export function only<T>(rows: T[]): T {
  const [row] = rows;
  if (!row) throw new Error('insert returned nothing');
  return row;
}

/** The row of the table with this id, as stored now. */
export async function rowById<Table extends PgTable & { id: AnyPgColumn }>(
  db: Database,
  table: Table,
  id: number,
): Promise<Table['$inferSelect'] | undefined> {
  const [row] = await db
    .select()
    .from(table as PgTable)
    .where(eq(table.id, id));
  return row as Table['$inferSelect'] | undefined;
}

/** How many rows the table holds, or how many of them match `where`. */
export async function countRows(db: Database, table: PgTable, where?: SQL): Promise<number> {
  const [row] = await db.select({ n: count() }).from(table).where(where);
  return row?.n ?? 0;
}
