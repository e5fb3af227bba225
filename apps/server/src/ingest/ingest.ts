/**
 * Ingest: field uplinks (`up/readings`, `up/status`) → readings, latest values and device health,
 * at least once and never twice (docs/field-protocol.md "Ingest"). The parts, in the order a
 * message meets them:
 * - mqtt-client.ts takes it from the broker, with an `ack()` that is sent only when called;
 * - uplink.ts reads it (topic, UTF-8, JSON, schema);
 * - lanes.ts queues it in its device's lane until the lane's batch is due;
 * - batch-store.ts stores each batch: catalog.ts finds its devices, things and series; plan.ts
 *   decides, without I/O, what it writes; batch.repository.ts writes it in one transaction,
 *   with the batch's followup (followups.ts, the durable step after a commit, which the worker runs);
 *   only after the commit are the batch's messages acknowledged;
 * - dead-letter-replay.ts stores again what a passing database fault dead-lettered.
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
import pg from 'pg';
import type { Database } from '../db/client.ts';
import type { Clock } from '../clock.ts';
import {
  createBatchStore,
  type CommittedBatch,
  type IngestCounts,
  type Received,
} from './batch-store.ts';
import { createCatalog } from './catalog.ts';
import { DEAD_LETTER_RETRY_MS, startDeadLetterReplay } from './dead-letter-replay.ts';
import { createLanes, DEFAULT_BATCH, type BatchLimits } from './lanes.ts';
import {
  startIngestClient,
  type IncomingMessage,
  type IngestClient,
  type IngestClientLog,
} from './mqtt-client.ts';
import { errorText } from './store-errors.ts';
import { ingestFilters, readUplink, RETAINED_UPLINK } from './uplink.ts';

type IngestLog = IngestClientLog;

/**
 * How ingest reaches the broker, as the server's own user (field/connection.ts serverLogin()
 * derives it): an external broker speaks MQTT 5 and shares subscriptions, the embedded one not.
 */
type IngestBroker = {
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

type IngestStats = IngestCounts & {
  /** Received and not yet acknowledged. */
  pending: number;
  connected: boolean;
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
  const stats: IngestCounts = {
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
  const isClosing = () => closing;

  const store = createBatchStore({ db, clock, log, catalog, counts: stats, observers, isClosing });
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

  const replay = startDeadLetterReplay({
    db,
    catalog,
    log,
    topicRoot,
    everyMs: options.deadLetterRetryMs ?? DEAD_LETTER_RETRY_MS,
    onInserted: (readings) => {
      stats.readingsInserted += readings;
    },
    isClosing,
  });

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
      await replay.stop();
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
