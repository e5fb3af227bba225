/**
 * The followups' SQL (ingest_followups, the transactional outbox of followups.ts): a batch's
 * followup recorded in the batch's transaction, the due ones taken with `FOR UPDATE SKIP LOCKED`
 * (several workers split them), deleted once their handlers ran, or put off with the error.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Queryable } from '../db/client.ts';
import { ingestFollowups } from '../db/schema.ts';

/** A followup row as taken: its payload (`batch`) is parsed by followups.ts. */
type FollowupRow = {
  id: number | string;
  batch: unknown;
  committed_at: Date | string;
  attempts: number;
};

/** Inserts a followup whose payload followups.ts has typed (its recordFollowup). */
export async function insertFollowup(tx: Queryable, followup: unknown): Promise<void> {
  await tx.insert(ingestFollowups).values({ batch: followup });
}

/** Up to `limit` due followups, oldest first, locked for this transaction; skips locked ones. */
export async function takeDueFollowups(tx: Queryable, limit: number): Promise<FollowupRow[]> {
  return queryRows<FollowupRow>(
    tx,
    sql`select id, batch, committed_at, attempts from ingest_followups
          where due_at <= now() order by id limit ${limit}
          for update skip locked`,
  );
}

/** Deletes the followups whose handlers ran (merged, in one savepoint). */
export async function deleteFollowups(step: Queryable, rowIds: readonly number[]): Promise<void> {
  const ids = `{${rowIds.join(',')}}`;
  await step.execute(sql`delete from ingest_followups where id = any(${sql.param(ids)}::bigint[])`);
}

/** Deletes one followup whose handlers ran. */
export async function deleteFollowup(step: Queryable, id: number): Promise<void> {
  await step.execute(sql`delete from ingest_followups where id = ${id}`);
}

/** Keeps a failed followup with its error, due again after `delaySeconds`. */
export async function postponeFollowup(
  tx: Queryable,
  id: number,
  error: string,
  delaySeconds: number,
): Promise<void> {
  await tx.execute(sql`
          update ingest_followups set
            attempts = attempts + 1,
            error = ${error},
            due_at = now() + make_interval(secs => ${delaySeconds}::float8)
          where id = ${id}`);
}
