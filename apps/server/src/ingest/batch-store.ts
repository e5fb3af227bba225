/**
 * Stores a batch in one transaction and only then acknowledges its messages; retries what the
 * database's state made fail, and finds the one message that fails for its content and
 * dead-letters it (ingest.ts "A batch that cannot be committed").
 */
import type { Clock } from '../clock.ts';
import { databaseAnswers, type Database } from '../db/client.ts';
import type { Catalog } from './catalog.ts';
import type { IngestClientLog } from './mqtt-client.ts';
import { deadLetterPlan, planBatch, type AcceptedUplink, type PlanMessage } from './plan.ts';
import { backoff, errorText, isTransient, sleep } from './store-errors.ts';
import { writePlan } from './batch.repository.ts';

/** A message as ingest holds it until its batch is committed. */
export type Received = PlanMessage & { ack: () => void };

/** What a committed batch took in, as an observer in the process sees it. */
export type CommittedBatch = {
  uplinks: AcceptedUplink[];
  readingsInserted: number;
  deadLettered: number;
  committedAt: Date;
};

/** Ingest's running counts, which the store adds to. */
export type IngestCounts = {
  /** Messages taken from the broker. */
  received: number;
  /** Messages stored (or dead-lettered) and acknowledged. */
  committed: number;
  deadLettered: number;
  readingsInserted: number;
  /** Readings that were already stored (redeliveries, resends). */
  readingsDuplicate: number;
  batches: number;
  /** Store attempts that failed and were retried. */
  failedAttempts: number;
};

export type BatchStoreOptions = {
  db: Database;
  clock: Clock;
  log: IngestClientLog;
  catalog: Catalog;
  counts: IngestCounts;
  observers: ReadonlySet<(batch: CommittedBatch) => void>;
  isClosing: () => boolean;
};

/**
 * Returns `store`: stores a batch, retrying with backoff until it is stored. When the database
 * answers and the batch still fails, something in it does: each message is then stored alone,
 * and one that fails alone is dead-lettered with the error. When closing, gives up after one
 * more failure: the unacknowledged messages come again in the next session.
 */
export function createBatchStore(options: BatchStoreOptions): (batch: Received[]) => Promise<void> {
  const { db, log, counts } = options;

  async function store(batch: Received[]): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await commit(options, batch);
      } catch (error) {
        counts.failedAttempts++;
        if (options.isClosing()) return;
        // A lone message gets one try more before it is judged; a deadlock or a serialization
        // failure says nothing about the messages and is simply tried again.
        const judge = !isTransient(error) && attempt >= (batch.length > 1 ? 2 : 3);
        if (judge && (await databaseAnswers(db))) {
          if (batch.length > 1) {
            log.warn(
              { err: errorText(error), size: batch.length },
              'batch failed; storing one by one',
            );
            for (const message of batch) await store([message]);
            return;
          }
          return storePoison(options, batch, error);
        }
        const wait = backoff(attempt);
        log.warn({ err: errorText(error), retryInMs: wait }, 'ingest could not store a batch');
        await sleep(wait);
      }
    }
  }

  return store;
}

async function storePoison(
  options: BatchStoreOptions,
  batch: Received[],
  cause: unknown,
): Promise<void> {
  const reason = `could not be stored: ${errorText(cause)}`;
  for (let attempt = 1; ; attempt++) {
    try {
      return await commit(options, batch, reason);
    } catch (error) {
      options.counts.failedAttempts++;
      if (options.isClosing()) return;
      const wait = backoff(attempt);
      options.log.warn(
        { err: errorText(error), retryInMs: wait },
        'ingest could not store a dead letter',
      );
      await sleep(wait);
    }
  }
}

/** Stores a batch in one transaction, then acknowledges it. Throws when it was not stored. */
async function commit(
  options: BatchStoreOptions,
  batch: Received[],
  forcedReason: string | null = null,
): Promise<void> {
  const { db, clock, log, catalog, counts, observers } = options;
  const plan =
    forcedReason === null
      ? planBatch(batch, await catalog.rowsFor(batch))
      : deadLetterPlan(batch, forcedReason);
  const inserted = await writePlan(db, plan);
  for (const message of batch) message.ack();

  counts.batches++;
  counts.committed += batch.length;
  counts.deadLettered += plan.deadLetters.length;
  counts.readingsInserted += inserted;
  counts.readingsDuplicate += plan.readings.length - inserted;
  if (plan.deadLetters.length > 0) {
    log.warn(
      { count: plan.deadLetters.length, reason: plan.deadLetters[0]?.reason },
      'field messages dead-lettered',
    );
  }
  if (observers.size === 0) return;
  const committed: CommittedBatch = {
    uplinks: plan.accepted,
    readingsInserted: inserted,
    deadLettered: plan.deadLetters.length,
    committedAt: clock.now(),
  };
  for (const observer of observers) {
    try {
      observer(committed);
    } catch (error) {
      log.error({ err: String(error) }, 'an ingest observer failed');
    }
  }
}
