/**
 * Reading the audit trail back in tests: the newest row's id before a call, and the rows written
 * after it, as stored (snake_case columns, read with SQL so that a test sees what is on disk).
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../src/db/client.ts';

/** The columns of an audit_trail row the tests read. */
export type AuditTrailRow = {
  id: string;
  site_id: number | null;
  actor_id: number | null;
  acting_as_id: number | null;
  kind: string | null;
  target_id: number | null;
  area_id: number | null;
  operation: string;
  before: unknown;
  after: unknown;
  text: string;
};

/** The id of the newest audit row, 0 for none: the mark a call's rows are read after. */
export async function lastAuditId(db: Database): Promise<number> {
  const [row] = await queryRows<{ id: string | null }>(
    db,
    sql`select max(id) as id from audit_trail`,
  );
  return Number(row?.id ?? 0);
}

/** The audit rows written after the row `id`, oldest first. */
export function auditRowsAfter(db: Database, id: number): Promise<AuditTrailRow[]> {
  return queryRows<AuditTrailRow>(db, sql`select * from audit_trail where id > ${id} order by id`);
}
