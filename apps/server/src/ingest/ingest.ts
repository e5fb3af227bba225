/**
 * Ingest: field uplinks (`up/readings`, `up/status`) → readings, latest values and device health,
 * at least once and never twice (docs/field-protocol.md "Ingest"). The parts, in the order a
 * message meets them:
 * - mqtt-client.ts takes it from the broker, with an `ack()` that is sent only when called;
 * - uplink.ts reads it (topic, UTF-8, JSON, schema);
 * - lanes.ts queues it in its device's lane until the lane's batch is due;
 * - catalog.ts finds the batch's devices, things and series; plan.ts decides, without I/O, what
 *   the batch writes; writer.ts writes it in one transaction, with the batch's followup
 *   (followups.ts, the durable step after a commit, which the worker runs);
 * - here, only after the commit, the batch's messages are acknowledged.
 *
 * A crash at any point means redelivery, never loss. A batch that cannot be committed is not
 * acknowledged and is retried with backoff; if the database answers but the batch still fails,
 * its messages are retried one by one and the one that fails alone becomes a dead letter.
 *
 * A retained message replayed because we subscribed is not a fresh report (uplinks are never
 * retained by a correct device): it is dead-lettered with that reason. A radio's health fields
 * carry no time of their own: the last status stored wins, which is the last one sent unless
 * several ingest processes share the device's messages; the next status sets it right.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { queryRows, type Database } from '../db/client.ts';
import type { Clock } from '../clock.ts';
import { createCatalog } from './catalog.ts';
import { createLanes, DEFAULT_BATCH, type BatchLimits } from './lanes.ts';
import {
  startIngestClient,
  type IncomingMessage,
  type IngestClient,
  type IngestClientLog,
} from './mqtt-client.ts';
import { deadLetterPlan, planBatch, type AcceptedUplink, type PlanMessage } from './plan.ts';
import { ingestFilters, MAX_REASON_LENGTH, readUplink, RETAINED_UPLINK } from './uplink.ts';
import { writePlan } from './writer.ts';

export type IngestLog = IngestClientLog;

/** Words of the database errors that pass (see TRANSIENT_DEAD_LETTER). */
const TRANSIENT_REASON_PATTERN =
  'no space left|disk full|could not extend|could not write|out of memory|too many clients|' +
  'connection|terminating|shutting down|starting up|timeout|canceling statement|recovery mode';

/** How often ingest looks for dead letters to store again, and how many at a time. */
const DEAD_LETTER_RETRY_MS = 30_000;
const DEAD_LETTER_RETRY_BATCH = 500;

/**
 * How ingest reaches the broker, as the server's own user (field/connection.ts serverLogin()
 * derives it): an external broker speaks MQTT 5 and shares subscriptions, the embedded one not.
 */
export type IngestBroker = {
  url: string;
  kind: 'embedded' | 'external';
  username?: string;
  password?: string;
};

export type IngestOptions = {
  db: Database;
  clock: Clock;
  log: IngestLog;
  broker: IngestBroker;
  topicRoot: string;
  /**
   * The MQTT client id, stable across restarts (the broker keeps the session under it) and
   * distinct per ingest process.
   */
  clientId?: string;
  batch?: BatchLimits;
  /** MQTT 5 brokers: how long the broker queues for this ingest while it is away. */
  sessionExpirySeconds?: number;
  /**
   * Batches stored at the same time, each in its own transaction and from its own lane of
   * devices (acks still leave in receive order). By default 2 on PostgreSQL, whose pool gives
   * each batch its own connection and server process, and 1 on PGlite, which has one connection.
   */
  parallelBatches?: number;
  /** How often dead letters of a passing database fault are stored again (tests shorten it). */
  deadLetterRetryMs?: number;
};

export type IngestStats = {
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
  /** Received and not yet acknowledged. */
  pending: number;
  connected: boolean;
};

/** What a committed batch took in, as an observer in the process sees it. */
export type CommittedBatch = {
  uplinks: AcceptedUplink[];
  readingsInserted: number;
  deadLettered: number;
  committedAt: Date;
};

export type Ingest = {
  close: () => Promise<void>;
  stats: () => IngestStats;
  /**
   * Calls the observer after every commit, in this process; returns the way to stop. For
   * measurements (bench:ingest): it is lost with the process. Work that must follow a commit is
   * a followup handler (followups.ts), which is written in the batch's transaction.
   */
  observeCommits: (observer: (batch: CommittedBatch) => void) => () => void;
};

/** A message as ingest holds it until its batch is committed. */
type Received = PlanMessage & { ack: () => void };

export async function startIngest(options: IngestOptions): Promise<Ingest> {
  const { db, clock, log, topicRoot } = options;
  const external = options.broker.kind === 'external';
  const batchLimits = options.batch ?? DEFAULT_BATCH;
  /**
   * Past this many unacknowledged messages we stop reading from the embedded broker, which sends
   * without limit. An MQTT 5 broker sends at most the receive maximum unacknowledged, and pausing
   * below that would only make it queue (and, at its queue limit, drop) what it cannot send.
   */
  const highWater = external
    ? Number.POSITIVE_INFINITY
    : Math.max(batchLimits.maxMessages * 10, 10_000);

  const catalog = createCatalog(db);
  const observers = new Set<(batch: CommittedBatch) => void>();
  const stats = {
    received: 0,
    committed: 0,
    deadLettered: 0,
    readingsInserted: 0,
    readingsDuplicate: 0,
    batches: 0,
    failedAttempts: 0,
  };
  let pausedForBackPressure = false;
  let closing = false;
  let client: IngestClient | null = null;

  const lanes = createLanes<Received>({
    count: options.parallelBatches ?? defaultParallelBatches(db),
    limits: batchLimits,
    store,
    onSettled: () => {
      if (pausedForBackPressure && !closing && lanes.pending() < highWater / 2) {
        pausedForBackPressure = false;
        client?.resume();
      }
    },
    // store() retries all it can; this is a bug, and the messages come again anyway.
    onError: (error) => log.error({ err: errorText(error) }, 'ingest batch failed'),
  });

  /** Stores a batch in one transaction, then acknowledges it. Throws when it was not stored. */
  async function commit(batch: Received[], forcedReason: string | null = null): Promise<void> {
    const plan =
      forcedReason === null
        ? planBatch(batch, await catalog.rowsFor(batch))
        : deadLetterPlan(batch, forcedReason);
    const inserted = await writePlan(db, plan);
    for (const message of batch) message.ack();

    stats.batches++;
    stats.committed += batch.length;
    stats.deadLettered += plan.deadLetters.length;
    stats.readingsInserted += inserted;
    stats.readingsDuplicate += plan.readings.length - inserted;
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

  async function databaseAnswers(): Promise<boolean> {
    try {
      await queryRows(db, sql`select 1`);
      return true;
    } catch {
      return false;
    }
  }

  /**
   * Stores a batch, retrying with backoff until it is stored. When the database answers and the
   * batch still fails, something in it does: each message is then stored alone, and one that
   * fails alone is dead-lettered with the error. When closing, gives up after one more failure:
   * the unacknowledged messages come again in the next session.
   */
  async function store(batch: Received[]): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await commit(batch);
      } catch (error) {
        stats.failedAttempts++;
        if (closing) return;
        // A lone message gets one try more before it is judged; a deadlock or a serialization
        // failure says nothing about the messages and is simply tried again.
        const judge = !isTransient(error) && attempt >= (batch.length > 1 ? 2 : 3);
        if (judge && (await databaseAnswers())) {
          if (batch.length > 1) {
            log.warn(
              { err: errorText(error), size: batch.length },
              'batch failed; storing one by one',
            );
            for (const message of batch) await store([message]);
            return;
          }
          return storePoison(batch, error);
        }
        const wait = backoff(attempt);
        log.warn({ err: errorText(error), retryInMs: wait }, 'ingest could not store a batch');
        await sleep(wait);
      }
    }
  }

  async function storePoison(batch: Received[], cause: unknown): Promise<void> {
    const reason = `could not be stored: ${errorText(cause)}`;
    for (let attempt = 1; ; attempt++) {
      try {
        return await commit(batch, reason);
      } catch (error) {
        stats.failedAttempts++;
        if (closing) return;
        const wait = backoff(attempt);
        log.warn(
          { err: errorText(error), retryInMs: wait },
          'ingest could not store a dead letter',
        );
        await sleep(wait);
      }
    }
  }

  function accept(incoming: IncomingMessage) {
    stats.received++;
    const read = incoming.retain
      ? { uplink: null, problem: RETAINED_UPLINK }
      : readUplink(topicRoot, incoming.topic, incoming.payload);
    lanes.push(read.uplink?.serialno ?? incoming.topic, {
      topic: incoming.topic,
      payload: incoming.payload,
      ack: incoming.ack,
      receivedAt: clock.now(),
      ...read,
    });
    if (!pausedForBackPressure && lanes.pending() >= highWater) {
      pausedForBackPressure = true;
      client?.pause();
    }
  }

  /**
   * Stores again the dead letters a passing database fault made (TRANSIENT_DEAD_LETTER): each is
   * read and planned as if it had just arrived, and deleted in the transaction that stores it,
   * so it is stored once or stays. One that now fails for its content becomes a dead letter with
   * that reason; one that fails again for the database waits for the next round.
   */
  let replaying: Promise<void> | null = null;
  async function replayDeadLetters(): Promise<void> {
    const letters = await queryRows<{
      id: number;
      topic: string;
      payload: string;
      received_at: Date | string;
    }>(
      db,
      sql`select id, topic, payload, received_at from dead_letters where ${TRANSIENT_DEAD_LETTER}
          order by id limit ${DEAD_LETTER_RETRY_BATCH}`,
    );
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
      const deleted = await queryRows<{ id: number }>(
        tx,
        sql`delete from dead_letters where id = any(${sql.param(ids)}::bigint[]) returning id`,
      );
      // Another ingest process replayed some of them meanwhile: leave the rest to the next round.
      if (deleted.length !== ids.length) throw new Error('dead letters replayed elsewhere');
    });
    stats.readingsInserted += inserted;
    log.info(
      { replayed: letters.length, readingsInserted: inserted },
      'dead letters of a passing database fault stored again',
    );
  }
  const replayTimer = setInterval(() => {
    if (replaying || closing) return;
    replaying = replayDeadLetters()
      .catch((error: unknown) =>
        log.warn({ err: errorText(error) }, 'dead letters not stored again yet'),
      )
      .finally(() => {
        replaying = null;
      });
  }, options.deadLetterRetryMs ?? DEAD_LETTER_RETRY_MS);
  replayTimer.unref();

  const url = new URL(options.broker.url);
  const { username, password } = options.broker;
  client = await startIngestClient({
    url: `${url.protocol}//${url.host}`,
    clientId: options.clientId ?? 'paddock-ingest',
    ...(username !== undefined ? { username, password: password ?? '' } : {}),
    // aedes speaks MQTT 3.1.1 and has no shared subscriptions; external brokers get MQTT 5 so
    // they keep many messages in flight to us and split them among ingest processes.
    protocolVersion: external ? 5 : 4,
    filters: ingestFilters(topicRoot, external),
    ...(options.sessionExpirySeconds !== undefined
      ? { sessionExpirySeconds: options.sessionExpirySeconds }
      : {}),
    onMessage: accept,
    log,
  });
  log.info({ filters: ingestFilters(topicRoot, external) }, 'ingest subscribed');

  return {
    stats: () => ({
      ...stats,
      pending: lanes.pending(),
      connected: client?.isConnected() ?? false,
    }),
    observeCommits: (observer) => {
      observers.add(observer);
      return () => observers.delete(observer);
    },
    close: async () => {
      if (closing) return;
      closing = true;
      clearInterval(replayTimer);
      await replaying;
      // Stop taking messages, store what was already taken (once), then disconnect: whatever
      // is left unacknowledged is redelivered in the next session.
      client?.pause();
      await lanes.drain();
      await client?.close();
    },
  };
}

function defaultParallelBatches(db: Database): number {
  return (db as { $client?: unknown }).$client instanceof pg.Pool ? 2 : 1;
}

function backoff(attempt: number): number {
  return Math.min(100 * 2 ** attempt, 10_000);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * PostgreSQL errors that come from concurrency or the server's state, not from the data:
 * deadlock, serialization failure, lock not available, a full disk or exhausted resources
 * (class 53), a lost connection (class 08), a server shutting down (57P0x), a cancelled
 * statement (57014). Such a batch is tried again until it is stored: a full disk must not turn
 * valid readings into dead letters.
 */
function isTransient(error: unknown): boolean {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  const code = (cause as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return false;
  return (
    code === '40P01' ||
    code === '40001' ||
    code === '55P03' ||
    code === '57014' ||
    /^(53|08|57P0)/.test(code)
  );
}

/**
 * Dead letters kept because of the database's state rather than their content: a full disk, no
 * memory, a lost connection or a timeout (ingest before it retried these itself, or an error
 * without a code). They are stored again (`replayDeadLetters`), never dropped.
 */
const TRANSIENT_DEAD_LETTER = sql`reason like 'could not be stored: %' and reason ~* ${TRANSIENT_REASON_PATTERN}`;

/** The database's own words: drizzle wraps them in a message that repeats the whole query. */
function errorText(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  const text = cause instanceof Error ? cause.message : String(cause);
  return text.length > MAX_REASON_LENGTH ? `${text.slice(0, MAX_REASON_LENGTH)}…` : text;
}
