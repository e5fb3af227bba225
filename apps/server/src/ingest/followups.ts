/**
 * Followups: what must run after an ingest batch is committed (alarm evaluation, next). The
 * writer records one row in `ingest_followups` in the batch's own transaction (a transactional
 * outbox), so the work is committed exactly when the readings are and a crash in between loses
 * nothing. A worker takes due rows (`FOR UPDATE SKIP LOCKED`: several workers split them), runs
 * every handler and deletes the row, in one transaction: what a handler writes through the
 * transaction it is given happens once. Anything else it does (a message sent) is at least once.
 *
 * A followup whose handler fails is kept with the error and tried again later, with backoff,
 * never dropped; the others go on meanwhile. Followups of one device may run in any order when
 * several workers run: a handler reads current state rather than trusting the order.
 */
import { z } from 'zod';
import type { Database } from '../db/client.ts';
import { repeatEvery } from '../jobs/repeat.ts';
import {
  deleteFollowup,
  deleteFollowups,
  insertFollowup,
  postponeFollowup,
  takeDueFollowups,
} from './followup.repository.ts';

/** The payload of a followup: what the committed batch heard from, ids ascending. */
const ingestFollowupSchema = z.object({
  sensors: z.array(z.number().int()),
  controls: z.array(z.number().int()),
  radios: z.array(z.number().int()),
  units: z.array(z.number().int()),
  /** New readings the batch stored (duplicates not counted). */
  readingsInserted: z.number().int().nonnegative(),
  deadLettered: z.number().int().nonnegative(),
});

export type IngestFollowup = z.infer<typeof ingestFollowupSchema>;

/** A followup as a handler gets it. */
export type CommittedFollowup = IngestFollowup & { id: number; committedAt: Date };

/**
 * Work a handler leaves for after the followup's transaction commits: what goes through other
 * connections (a command to the field, a job on the queue) must not wait inside it, and must not
 * happen for a followup whose transaction rolled back.
 */
export type AfterCommit = (effect: () => Promise<void>) => void;

/**
 * Runs after a batch's commit, in the transaction that deletes its followup; throwing keeps the
 * followup for a later try.
 */
export type FollowupHandler = (
  followup: CommittedFollowup,
  tx: Database,
  afterCommit: AfterCommit,
) => Promise<void>;

export type FollowupLog = {
  warn: (object: object, message?: string) => void;
  error: (object: object, message?: string) => void;
};

/**
 * How often a worker looks for followups; the first look is at start. Often: it is the wait
 * between a reading and its alarm, and a round that finds many batches merges them into one long
 * stretch of work in a process that may also be running ingest. Looking at an empty table costs
 * next to nothing.
 */
export const FOLLOWUP_POLL_MS = 100;
/** Followups taken in one transaction. */
const FOLLOWUPS_PER_ROUND = 100;
const MAX_ERROR_LENGTH = 1000;

/** Records a batch's followup: called by the writer inside the batch's transaction. */
export async function recordFollowup(tx: Database, followup: IngestFollowup): Promise<void> {
  await insertFollowup(tx, followup);
}

/**
 * Runs the due followups once (up to FOLLOWUPS_PER_ROUND): every handler once on all of them
 * merged (mergeFollowups), or, when that fails, on each alone. Returns how many ran and how many
 * failed (kept for later).
 */
export async function runFollowups(
  db: Database,
  handlers: readonly FollowupHandler[],
  log: FollowupLog,
): Promise<{ done: number; failed: number }> {
  /** The after-commit work of the followups whose savepoint held. */
  const committed: (() => Promise<void>)[] = [];
  const result = await db.transaction(async (tx) => {
    const rows = await takeDueFollowups(tx, FOLLOWUPS_PER_ROUND);
    if (rows.length > 1) {
      // The round's followups are run together first: a thing heard in several of its batches
      // is judged once, on its current state (which is what each handler reads anyway), instead
      // of once per batch. If that fails, each runs alone below, so only the one at fault stays.
      const effects: (() => Promise<void>)[] = [];
      try {
        await tx.transaction(async (step) => {
          const merged = mergeFollowups(rows.map(committedFollowup));
          for (const handler of handlers) await handler(merged, step, (e) => effects.push(e));
          await deleteFollowups(
            step,
            rows.map((row) => Number(row.id)),
          );
        });
        committed.push(...effects);
        return { done: rows.length, failed: 0 };
      } catch (error) {
        const text = error instanceof Error ? error.message : String(error);
        log.warn({ err: text, followups: rows.length }, 'followups failed together; one by one');
      }
    }
    let done = 0;
    let failed = 0;
    for (const row of rows) {
      const id = Number(row.id);
      const effects: (() => Promise<void>)[] = [];
      try {
        // A savepoint per followup: one that fails undoes only its own handlers' writes.
        await tx.transaction(async (step) => {
          const followup = committedFollowup(row);
          for (const handler of handlers) await handler(followup, step, (e) => effects.push(e));
          await deleteFollowup(step, id);
        });
        committed.push(...effects);
        done++;
      } catch (error) {
        failed++;
        const text = error instanceof Error ? error.message : String(error);
        log.error({ err: text, followup: id, attempts: row.attempts + 1 }, 'followup failed');
        await postponeFollowup(
          tx,
          id,
          text.slice(0, MAX_ERROR_LENGTH),
          retryDelaySeconds(row.attempts + 1),
        );
      }
    }
    return { done, failed };
  });
  // Committed: the followups' work beyond the database, each on its own; one that fails is
  // logged (its handler chose at-least-once work it may do again, or a person's attention).
  for (const effect of committed) {
    try {
      await effect();
    } catch (error) {
      log.error(
        { err: error instanceof Error ? error.message : String(error) },
        'followup work after commit failed',
      );
    }
  }
  return result;
}

function committedFollowup(row: {
  id: number | string;
  batch: unknown;
  committed_at: Date | string;
}): CommittedFollowup {
  return {
    ...ingestFollowupSchema.parse(row.batch),
    id: Number(row.id),
    committedAt: new Date(row.committed_at),
  };
}

/**
 * Several followups as one: the things and devices any of them heard (ids ascending, once),
 * the counts summed, the newest id and commit time.
 */
function mergeFollowups(followups: readonly CommittedFollowup[]): CommittedFollowup {
  const union = (pick: (followup: CommittedFollowup) => number[]) =>
    [...new Set(followups.flatMap(pick))].sort((a, b) => a - b);
  return {
    sensors: union((followup) => followup.sensors),
    controls: union((followup) => followup.controls),
    radios: union((followup) => followup.radios),
    units: union((followup) => followup.units),
    readingsInserted: followups.reduce((sum, followup) => sum + followup.readingsInserted, 0),
    deadLettered: followups.reduce((sum, followup) => sum + followup.deadLettered, 0),
    id: Math.max(...followups.map((followup) => followup.id)),
    committedAt: new Date(Math.max(...followups.map((followup) => followup.committedAt.getTime()))),
  };
}

/** Seconds before a failed followup is tried again: doubling, at most ten minutes. */
function retryDelaySeconds(attempts: number): number {
  return Math.min(2 ** attempts, 600);
}

/**
 * Starts taking followups every `intervalMs` (and again at once while a round was full). The
 * worker role runs it; `handlers` are the work that follows a batch.
 */
export function startFollowups(options: {
  db: Database;
  log: FollowupLog;
  handlers: readonly FollowupHandler[];
  intervalMs?: number;
}): { close: () => Promise<void> } {
  const { db, log, handlers } = options;
  return repeatEvery({
    first: 'now',
    intervalMs: options.intervalMs ?? FOLLOWUP_POLL_MS,
    round: async () => {
      const { done, failed } = await runFollowups(db, handlers, log);
      return done + failed >= FOLLOWUPS_PER_ROUND;
    },
    // The database may be away for a moment: the rows stay and the next round takes them.
    onError: (error) => log.warn({ err: String(error) }, 'followups could not be taken'),
  });
}
