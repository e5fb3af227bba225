/**
 * The audit export's read (issue 33): a site's rows over a range, with the list's filters, oldest
 * first, a batch at a time after the last one read (by time, then seq), so a log of any length is
 * written with one batch in memory.
 */
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '../db/client.ts';

export type AuditExportQuery = {
  siteId: number;
  from: Date;
  to: Date;
  actorId?: number;
  kind?: string;
  targetId?: number;
  operation?: string;
};

/**
 * Where a batch ends: the next batch starts after this row. The time is the database's own text of
 * it, exact to the microsecond (a Date keeps milliseconds, and a row written by SQL's clock would be
 * read again).
 */
export type AuditExportCursor = { timeKey: string; seq: number };

export type AuditExportRow = {
  time: Date;
  timeKey: string;
  seq: number;
  actorId: number | null;
  actorName: string | null;
  actingAsId: number | null;
  actingAsName: string | null;
  address: string | null;
  operation: string;
  kind: string | null;
  targetId: number | null;
  text: string;
  before: unknown;
  after: unknown;
  hash: string;
};

type StoredRow = {
  time: Date | string;
  time_key: string;
  seq: number;
  actor_id: number | null;
  actor_name: string | null;
  acting_as_id: number | null;
  acting_as_name: string | null;
  address: string | null;
  operation: string;
  kind: string | null;
  target_id: number | null;
  text: string;
  before: unknown;
  after: unknown;
  hash: string;
};

const personName = (alias: string): SQL =>
  sql.raw(`nullif(trim(${alias}.first_name || ' ' || ${alias}.last_name), '')`);
const nullableNumber = (value: number | null) => (value === null ? null : Number(value));

/** The same filters as GET sites/{id}/audit (listAudit), so the file holds the rows the list shows. */
function conditionsOf(query: AuditExportQuery): SQL[] {
  const where = [
    sql`a.site_id = ${query.siteId}`,
    sql`a.time >= ${query.from.toISOString()}`,
    sql`a.time < ${query.to.toISOString()}`,
  ];
  if (query.actorId !== undefined) {
    where.push(sql`(a.actor_id = ${query.actorId} or a.acting_as_id = ${query.actorId})`);
  }
  if (query.kind !== undefined) where.push(sql`a.kind = ${query.kind}`);
  if (query.targetId !== undefined) where.push(sql`a.target_id = ${query.targetId}`);
  if (query.operation !== undefined) where.push(sql`a.operation = ${query.operation}`);
  return where;
}

/** The rows matching `query` after `cursor` (from the start for null), oldest first, `limit` of them. */
export async function auditExportBatch(
  db: Database,
  query: AuditExportQuery,
  cursor: AuditExportCursor | null,
  limit: number,
): Promise<AuditExportRow[]> {
  const where = conditionsOf(query);
  if (cursor) {
    where.push(sql`(a.time, a.seq) > (${cursor.timeKey}::timestamptz, ${cursor.seq}::integer)`);
  }
  const rows = await queryRows<StoredRow>(
    db,
    sql`select a.time, a.time::text as time_key, a.seq, a.actor_id, ${personName('actor')} as actor_name, a.acting_as_id,
               ${personName('acting')} as acting_as_name, a.address, a.operation, a.kind,
               a.target_id, a.text, a.before, a.after, a.hash
          from audit_trail a
          left join users actor on actor.id = a.actor_id
          left join users acting on acting.id = a.acting_as_id
         where ${sql.join(where, sql` and `)}
         order by a.time, a.seq
         limit ${limit}`,
  );
  return rows.map((row) => ({
    time: new Date(row.time),
    timeKey: row.time_key,
    seq: Number(row.seq),
    actorId: nullableNumber(row.actor_id),
    actorName: row.actor_name,
    actingAsId: nullableNumber(row.acting_as_id),
    actingAsName: row.acting_as_name,
    address: row.address,
    operation: row.operation,
    kind: row.kind,
    targetId: nullableNumber(row.target_id),
    text: row.text,
    before: row.before,
    after: row.after,
    hash: row.hash,
  }));
}

/** How many rows match `query`: the export's progress is told against it. */
export async function auditExportCount(db: Database, query: AuditExportQuery): Promise<number> {
  const [row] = await queryRows<{ n: number | string }>(
    db,
    sql`select count(*) as n from audit_trail a where ${sql.join(conditionsOf(query), sql` and `)}`,
  );
  return Number(row?.n ?? 0);
}

/** The person's name as the console shows it ("First Last"); null for a user gone or unnamed. */
export async function userDisplayName(db: Database, userId: number): Promise<string | null> {
  const [row] = await queryRows<{ name: string | null }>(
    db,
    sql`select nullif(trim(first_name || ' ' || last_name), '') as name from users
         where id = ${userId}`,
  );
  return row?.name ?? null;
}
