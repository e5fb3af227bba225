/**
 * Stores again the dead letters a passing database fault made (TRANSIENT_DEAD_LETTER): each is
 * read and planned as if it had just arrived, and deleted in the transaction that stores it, so
 * it is stored once or stays. One that now fails for its content becomes a dead letter with that
 * reason; one that fails again for the database waits for the next round.
 */
import type { Database } from '../db/client.ts';
import type { Catalog } from './catalog.ts';
import type { IngestClientLog } from './mqtt-client.ts';
import { planBatch, type PlanMessage } from './plan.ts';
import { errorText } from './store-errors.ts';
import { readUplink } from './uplink.ts';
import { writePlan } from './batch.repository.ts';
import { deleteReplayedDeadLetters, transientDeadLetters } from './dead-letter.repository.ts';

/** How often ingest looks for dead letters to store again, and how many at a time. */
export const DEAD_LETTER_RETRY_MS = 30_000;
const DEAD_LETTER_RETRY_BATCH = 500;

export type DeadLetterReplayOptions = {
  db: Database;
  catalog: Catalog;
  log: IngestClientLog;
  topicRoot: string;
  everyMs: number;
  /** Readings a round stored, for ingest's counts. */
  onInserted: (readings: number) => void;
  isClosing: () => boolean;
};

export type DeadLetterReplay = {
  /** Stops the rounds and waits for the one under way. */
  stop: () => Promise<void>;
};

/** Replays a round every `everyMs`, one round at a time, until stopped or ingest closes. */
export function startDeadLetterReplay(options: DeadLetterReplayOptions): DeadLetterReplay {
  const { log } = options;
  let replaying: Promise<void> | null = null;
  const replayTimer = setInterval(() => {
    if (replaying || options.isClosing()) return;
    replaying = replayDeadLetters(options)
      .catch((error: unknown) =>
        log.warn({ err: errorText(error) }, 'dead letters not stored again yet'),
      )
      .finally(() => {
        replaying = null;
      });
  }, options.everyMs);
  replayTimer.unref();
  return {
    stop: async () => {
      clearInterval(replayTimer);
      await replaying;
    },
  };
}

async function replayDeadLetters(options: DeadLetterReplayOptions): Promise<void> {
  const { db, catalog, topicRoot, log } = options;
  const letters = await transientDeadLetters(db, DEAD_LETTER_RETRY_BATCH);
  if (letters.length === 0) return;
  const messages: PlanMessage[] = letters.map((letter) => {
    const payload = Buffer.from(letter.payload, 'utf8');
    return {
      topic: letter.topic,
      payload,
      receivedAt: new Date(letter.received_at),
      ...readUplink(topicRoot, letter.topic, payload),
    };
  });
  const plan = planBatch(messages, await catalog.rowsFor(messages));
  const ids = letters.map((letter) => letter.id);
  const inserted = await writePlan(db, plan, async (tx) => {
    const deleted = await deleteReplayedDeadLetters(tx, ids);
    // Another ingest process replayed some of them meanwhile: leave the rest to the next round.
    if (deleted.length !== ids.length) throw new Error('dead letters replayed elsewhere');
  });
  options.onInserted(inserted);
  log.info(
    { replayed: letters.length, readingsInserted: inserted },
    'dead letters of a passing database fault stored again',
  );
}
