/**
 * The dead letters ingest stores again (dead-letter-replay.ts): those a passing database fault
 * made, read oldest first, and deleted in the transaction that stores their readings.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../db/client.ts';
import { TRANSIENT_REASON_PATTERN } from './store-errors.ts';

/**
 * Dead letters kept because of the database's state rather than their content: a full disk, no
 * memory, a lost connection or a timeout (ingest before it retried these itself, or an error
 * without a code). They are stored again (dead-letter-replay.ts), never dropped.
 */
const TRANSIENT_DEAD_LETTER = sql`reason like 'could not be stored: %' and reason ~* ${TRANSIENT_REASON_PATTERN}`;

/** Up to `limit` dead letters of a passing database fault, oldest first. */
export async function transientDeadLetters(db: Database, limit: number) {
  return queryRows<{
    id: number;
    topic: string;
    payload: string;
    received_at: Date | string;
  }>(
    db,
    sql`select id, topic, payload, received_at from dead_letters where ${TRANSIENT_DEAD_LETTER}
        order by id limit ${limit}`,
  );
}

/** Deletes the dead letters being stored again; returns those still there to delete. */
export async function deleteReplayedDeadLetters(tx: Database, ids: number[]) {
  return queryRows<{ id: number }>(
    tx,
    sql`delete from dead_letters where id = any(${sql.param(ids)}::bigint[]) returning id`,
  );
}
