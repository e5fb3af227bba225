/**
 * Ingest: field uplinks (`up/readings`, `up/status`) → readings, latest values and device health,
 * at least once and never twice (docs/field-protocol.md "Ingest").
 *
 * Messages are validated as they arrive and stored in batches: one transaction per batch writes
 * the readings (deduplicated on their natural key, so a redelivery counts once), the sensors' and
 * controls' latest values, the radios' and units' health, and the dead letters of the batch.
 * Only after the commit are the batch's messages acknowledged to the broker (ingest-client.ts),
 * so a crash at any point means redelivery, never loss. A batch that cannot be committed is not
 * acknowledged and is retried with backoff; if the database answers but the batch still fails,
 * its messages are retried one by one and the one that fails alone becomes a dead letter.
 *
 * Choices:
 * - A metric a sensor or control does not list yet is taken and added to its topics: devices
 *   gain metrics with firmware updates, and refusing them would lose data. A reading of a thing
 *   that is not the device's own is refused (dead letter): that is a wiring or security fault.
 * - A device's lastUpdate is the newest message time it sent, capped at the time we received it
 *   (a device clock running ahead must not keep it from going overdue). A status with
 *   `online: false` (the last will) is not a report and moves nothing but `online`.
 * - A retained message replayed because we subscribed is not a fresh report (uplinks are never
 *   retained by a correct device): it is dead-lettered with that reason.
 * - Batches stored side by side come from separate lanes, and a device's messages always take
 *   the same lane (by serial number): parallel batches never touch the same series, rollups,
 *   things or devices, so they never wait on each other's row locks, and one process stores a
 *   device's messages in the order they came.
 * - Latest values and report times go by time, so batches may commit in any order. A radio's
 *   health fields (battery, signal, misses, fault, online) carry no time of their own: the last
 *   status stored wins, which is the last one sent unless several ingest processes share the
 *   device's messages; the next status sets it right.
 */
import {
  parseFieldTopic,
  readingsUplinkSchema,
  statusUplinkSchema,
  type ReadingsUplink,
  type SensorTopic,
  type StatusUplink,
} from '@paddock/domain';
import { sql } from 'drizzle-orm';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import type { z } from 'zod';
import { queryRows, type Database } from '../db/client.ts';
import { deadLetters } from '../db/schema.ts';
import type { Clock } from '../http/context.ts';
import { insertReadings, type ReadingRow } from '../telemetry/store.ts';
import type { BrokerEndpoint } from './connection.ts';
import { fieldKey, SERVER_USERNAME } from './credentials.ts';
import {
  startIngestClient,
  type IncomingMessage,
  type IngestClient,
  type IngestClientLog,
} from './ingest-client.ts';

/** Ingest processes subscribe as one group on brokers with shared subscriptions. */
export const INGEST_SHARE_GROUP = 'paddock-ingest';

export type IngestLog = IngestClientLog;

export type IngestOptions = {
  db: Database;
  clock: Clock;
  log: IngestLog;
  broker: BrokerEndpoint;
  topicRoot: string;
  /**
   * The MQTT client id, stable across restarts (the broker keeps the session under it) and
   * distinct per ingest process.
   */
  clientId?: string;
  /** A batch is stored when it has maxMessages messages or its oldest is maxDelayMs old. */
  batch?: { maxMessages: number; maxDelayMs: number };
  /** MQTT 5 brokers: how long the broker queues for this ingest while it is away. */
  sessionExpirySeconds?: number;
  /**
   * Batches stored at the same time, each in its own transaction and from its own lane of
   * devices (acks still leave in receive order). By default 2 on PostgreSQL, whose pool gives
   * each batch its own connection and server process, and 1 on PGlite, which has one connection.
   */
  parallelBatches?: number;
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

/** What a committed batch took in, for listeners such as alarm evaluation. */
export type CommittedBatch = {
  uplinks: AcceptedUplink[];
  readingsInserted: number;
  deadLettered: number;
  committedAt: Date;
};

export type Uplink =
  | { kind: 'readings'; siteId: number; serialno: string; message: ReadingsUplink }
  | { kind: 'status'; siteId: number; serialno: string; message: StatusUplink };

export type AcceptedUplink = Uplink & { device: DeviceRef; receivedAt: Date };

export type Ingest = {
  close: () => Promise<void>;
  stats: () => IngestStats;
  /** Calls the listener after every commit; returns the way to stop. */
  onCommitted: (listener: (batch: CommittedBatch) => void) => () => void;
};

type DeviceRef = { kind: 'radio' | 'unit'; id: number; siteId: number };

type Received = {
  topic: string;
  payload: Buffer;
  ack: () => void;
  receivedAt: Date;
  /** performance.now() at arrival, for the batch delay. */
  at: number;
} & ({ uplink: Uplink; problem: null } | { uplink: null; problem: string });

const DEFAULT_BATCH = { maxMessages: 4000, maxDelayMs: 50 };
/** How long device and thing lookups are trusted; a miss reloads at once. */
const DEVICE_CACHE_MS = 60_000;
/** Metrics whose values are 0/1 states rather than measurements. */
const DIGITAL_METRICS = new Set(['fault', 'running']);
const MAX_REASON_LENGTH = 1000;

/** The readings and status uplinks of every device, as the broker lets ingest subscribe. */
export function ingestFilters(topicRoot: string, shared: boolean): string[] {
  const prefix = shared ? `$share/${INGEST_SHARE_GROUP}/` : '';
  return [`${prefix}${topicRoot}/+/+/up/readings`, `${prefix}${topicRoot}/+/+/up/status`];
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Reads one message: topic, UTF-8, JSON, schema. Anything wrong comes back as the reason. */
export function readUplink(
  topicRoot: string,
  topic: string,
  payload: Buffer,
): { uplink: Uplink; problem: null } | { uplink: null; problem: string } {
  const fail = (problem: string) => ({ uplink: null, problem });
  const parsedTopic = parseFieldTopic(topicRoot, topic);
  if (!parsedTopic || parsedTopic.direction !== 'up') {
    return fail('not a field protocol uplink topic');
  }
  const { siteId, serialno, kind } = parsedTopic;
  if (kind === 'ack') return fail('acks are not taken by ingest');
  let text: string;
  try {
    text = utf8.decode(payload);
  } catch {
    return fail('payload is not UTF-8 text (kept here as base64)');
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return fail(`payload is not JSON: ${(error as Error).message}`);
  }
  if (kind === 'readings') {
    const parsed = readingsUplinkSchema.safeParse(json);
    if (!parsed.success) return fail(`invalid readings: ${describeIssues(parsed.error)}`);
    return { uplink: { kind, siteId, serialno, message: parsed.data }, problem: null };
  }
  const parsed = statusUplinkSchema.safeParse(json);
  if (!parsed.success) return fail(`invalid status: ${describeIssues(parsed.error)}`);
  return { uplink: { kind, siteId, serialno, message: parsed.data }, problem: null };
}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => `${issue.path.join('.') || '(message)'}: ${issue.message}`)
    .join('; ');
}

function payloadText(payload: Buffer): string {
  try {
    return utf8.decode(payload);
  } catch {
    return payload.toString('base64');
  }
}

type DeviceEntry = DeviceRef & {
  /** `sensor:{id}` and `control:{id}` of the things wired to the device. */
  things: Set<string>;
  loadedAt: number;
};

type Latest = Map<string, { time: number; value: number }>;

/** Messages waiting for their batch, and the batch being stored (at most one per lane). */
type Lane = { buffer: Received[]; running: Promise<void> | null };

type DeviceUpdate = {
  lastUpdate: number | null;
  battery?: number;
  signal?: number;
  misses?: number;
  fault?: boolean;
  online?: boolean;
  lastSeq?: number;
};

type Plan = {
  readings: ReadingRow[];
  deadLetters: { topic: string; payload: string; reason: string; receivedAt: Date }[];
  sensors: Map<number, Latest>;
  controls: Map<number, Latest>;
  radios: Map<number, DeviceUpdate>;
  units: Map<number, DeviceUpdate>;
  accepted: AcceptedUplink[];
};

export async function startIngest(options: IngestOptions): Promise<Ingest> {
  const { db, clock, log, topicRoot } = options;
  const batchLimits = options.batch ?? DEFAULT_BATCH;
  /**
   * Past this many unacknowledged messages we stop reading from the embedded broker, which sends
   * without limit. An MQTT 5 broker sends at most the receive maximum unacknowledged, and pausing
   * below that would only make it queue (and, at its queue limit, drop) what it cannot send.
   */
  const highWater =
    options.broker.kind === 'external'
      ? Number.POSITIVE_INFINITY
      : Math.max(batchLimits.maxMessages * 10, 10_000);

  const devices = new Map<string, DeviceEntry>();
  const seriesIds = new Map<string, number>();
  const listeners = new Set<(batch: CommittedBatch) => void>();
  const stats = {
    received: 0,
    committed: 0,
    deadLettered: 0,
    readingsInserted: 0,
    readingsDuplicate: 0,
    batches: 0,
    failedAttempts: 0,
  };

  const parallel = Math.max(1, options.parallelBatches ?? defaultParallelBatches(db));
  /** One batch at a time per lane; a device's messages always go to the same lane. */
  const lanes: Lane[] = Array.from({ length: parallel }, () => ({ buffer: [], running: null }));
  let buffered = 0;
  let inFlight = 0;
  let timer: { handle: NodeJS.Timeout; due: number } | null = null;
  let pausedForBackPressure = false;
  let closing = false;
  let client: IngestClient | null = null;

  // ---- Device, thing and series lookups (cached; a miss asks the database) ----

  async function loadDevices(serialnos: string[]): Promise<Map<string, DeviceEntry | string>> {
    const rows = await queryRows<{
      kind: 'radio' | 'unit';
      id: number;
      site_id: number;
      serialno: string;
    }>(
      db,
      sql`
      select 'radio' as kind, id, site_id, serialno from radios where serialno = any(${sql.param(serialnos)}::text[])
      union all
      select 'unit' as kind, id, site_id, serialno from units where serialno = any(${sql.param(serialnos)}::text[])
    `,
    );
    const radioIds = rows.filter((row) => row.kind === 'radio').map((row) => row.id);
    const unitIds = rows.filter((row) => row.kind === 'unit').map((row) => row.id);
    const things = await queryRows<{
      type: 'sensor' | 'control';
      id: number;
      radio_id: number | null;
      unit_id: number | null;
    }>(
      db,
      sql`
      select 'sensor' as type, id, radio_id, unit_id from sensors
        where radio_id = any(${sql.param(radioIds)}::int[]) or unit_id = any(${sql.param(unitIds)}::int[])
      union all
      select 'control' as type, id, radio_id, unit_id from controls
        where radio_id = any(${sql.param(radioIds)}::int[]) or unit_id = any(${sql.param(unitIds)}::int[])
    `,
    );
    const now = performance.now();
    const bySerial = groupBy(rows, (row) => row.serialno);
    const thingsOf = groupBy(
      things.flatMap((thing) => [
        ...(thing.radio_id === null ? [] : [{ owner: `radio:${thing.radio_id}`, thing }]),
        ...(thing.unit_id === null ? [] : [{ owner: `unit:${thing.unit_id}`, thing }]),
      ]),
      (entry) => entry.owner,
    );
    const found = new Map<string, DeviceEntry | string>();
    for (const serialno of serialnos) {
      const matches = bySerial.get(serialno) ?? [];
      const row = matches[0];
      if (!row) {
        found.set(serialno, `unknown device ${serialno}`);
        continue;
      }
      if (matches.length > 1) {
        found.set(serialno, `serial number ${serialno} names both a radio and a unit`);
        continue;
      }
      const own = thingsOf.get(`${row.kind}:${row.id}`) ?? [];
      const entry: DeviceEntry = {
        kind: row.kind,
        id: row.id,
        siteId: row.site_id,
        things: new Set(own.map(({ thing }) => `${thing.type}:${thing.id}`)),
        loadedAt: now,
      };
      devices.set(serialno, entry);
      found.set(serialno, entry);
    }
    return found;
  }

  /** Devices by serial number; an unknown device is not cached, so adding one takes effect. */
  async function resolveDevices(
    serialnos: Iterable<string>,
    reload: ReadonlySet<string> = new Set(),
  ): Promise<Map<string, DeviceEntry | string>> {
    const now = performance.now();
    const resolved = new Map<string, DeviceEntry | string>();
    const missing: string[] = [];
    for (const serialno of new Set(serialnos)) {
      const cached = devices.get(serialno);
      if (cached && !reload.has(serialno) && now - cached.loadedAt < DEVICE_CACHE_MS) {
        resolved.set(serialno, cached);
      } else {
        missing.push(serialno);
      }
    }
    if (missing.length > 0) {
      for (const [serialno, entry] of await loadDevices(missing)) resolved.set(serialno, entry);
    }
    return resolved;
  }

  /** Series ids for (thing, metric) keys, creating the series the first time a metric reports. */
  async function resolveSeries(
    wanted: Map<string, { siteId: number; type: 'sensor' | 'control'; id: number; metric: string }>,
  ): Promise<void> {
    for (let round = 0; round < 3; round++) {
      const missing = [...wanted].filter(([key]) => !seriesIds.has(key)).map(([, value]) => value);
      if (missing.length === 0) return;
      // The insert and the select see the same snapshot: a series another ingest process is
      // creating right now shows up in neither, hence the next round.
      const rows = await queryRows<{
        id: number;
        thing_type: 'sensor' | 'control';
        thing_id: number;
        metric: string;
      }>(
        db,
        sql`
        with wanted as (
          select * from unnest(
            ${sql.param(missing.map((m) => m.siteId))}::int[],
            ${sql.param(missing.map((m) => m.type))}::text[],
            ${sql.param(missing.map((m) => m.id))}::int[],
            ${sql.param(missing.map((m) => m.metric))}::text[]
          ) as w(site_id, thing_type, thing_id, metric)
        ),
        created as (
          insert into series (site_id, thing_type, thing_id, metric)
          select site_id, thing_type, thing_id, metric from wanted
          on conflict (thing_type, thing_id, metric) do nothing
          returning id, thing_type, thing_id, metric
        )
        select id, thing_type, thing_id, metric from created
        union all
        select s.id, s.thing_type, s.thing_id, s.metric
          from series s join wanted w using (thing_type, thing_id, metric)
      `,
      );
      for (const row of rows) {
        seriesIds.set(seriesKey(row.thing_type, row.thing_id, row.metric), row.id);
      }
    }
    throw new Error('series could not be created');
  }

  // ---- From a batch of messages to what one transaction writes ----

  async function plan(batch: Received[], forcedReason: string | null): Promise<Plan> {
    const result: Plan = {
      readings: [],
      deadLetters: [],
      sensors: new Map(),
      controls: new Map(),
      radios: new Map(),
      units: new Map(),
      accepted: [],
    };
    const deadLetter = (message: Received, reason: string) =>
      result.deadLetters.push({
        topic: message.topic,
        payload: payloadText(message.payload),
        reason: reason.slice(0, MAX_REASON_LENGTH),
        receivedAt: message.receivedAt,
      });

    if (forcedReason !== null) {
      for (const message of batch) deadLetter(message, forcedReason);
      return result;
    }

    const uplinks = batch.flatMap((message) => (message.uplink ? [message.uplink] : []));
    let resolved = await resolveDevices(uplinks.map((uplink) => uplink.serialno));

    /** Why the message cannot be taken from this device, or null. */
    const refusal = (uplink: Uplink, device: DeviceEntry | string | undefined) => {
      if (device === undefined || typeof device === 'string') return device ?? 'unknown device';
      if (device.siteId !== uplink.siteId) {
        return `device ${uplink.serialno} belongs to site ${device.siteId}, not site ${uplink.siteId}`;
      }
      if (uplink.kind === 'readings') {
        const foreign = uplink.message.readings.find(
          (reading) => !device.things.has(`${reading.thing}:${reading.id}`),
        );
        if (foreign) return `${foreign.thing} ${foreign.id} is not wired to ${uplink.serialno}`;
      }
      return null;
    };

    // A thing the cached device does not list may have just been wired to it: look again once.
    const stale = new Set<string>();
    for (const uplink of uplinks) {
      const device = resolved.get(uplink.serialno);
      if (typeof device === 'object' && refusal(uplink, device) !== null)
        stale.add(uplink.serialno);
    }
    if (stale.size > 0) {
      const fresh = await resolveDevices(stale, stale);
      resolved = new Map([...resolved, ...fresh]);
    }

    const wantedSeries = new Map<
      string,
      { siteId: number; type: 'sensor' | 'control'; id: number; metric: string }
    >();
    const taken: { message: Received; uplink: Uplink; device: DeviceEntry }[] = [];
    for (const message of batch) {
      if (message.uplink === null) {
        deadLetter(message, message.problem);
        continue;
      }
      const device = resolved.get(message.uplink.serialno);
      const reason = refusal(message.uplink, device);
      if (reason !== null || typeof device !== 'object') {
        deadLetter(message, reason ?? 'unknown device');
        continue;
      }
      taken.push({ message, uplink: message.uplink, device });
      if (message.uplink.kind === 'readings') {
        for (const reading of message.uplink.message.readings) {
          const key = seriesKey(reading.thing, reading.id, reading.metric);
          if (!wantedSeries.has(key)) {
            wantedSeries.set(key, {
              siteId: device.siteId,
              type: reading.thing,
              id: reading.id,
              metric: reading.metric,
            });
          }
        }
      }
    }
    await resolveSeries(wantedSeries);

    for (const { message, uplink, device } of taken) {
      const receivedAt = message.receivedAt.getTime();
      const updates = device.kind === 'radio' ? result.radios : result.units;
      let update = updates.get(device.id);
      if (!update) {
        update = { lastUpdate: null };
        updates.set(device.id, update);
      }
      result.accepted.push({ ...uplink, device: refOf(device), receivedAt: message.receivedAt });

      if (uplink.kind === 'readings') {
        const messageTime = Date.parse(uplink.message.time);
        for (const reading of uplink.message.readings) {
          const time = reading.time ? Date.parse(reading.time) : messageTime;
          const seriesId = seriesIds.get(seriesKey(reading.thing, reading.id, reading.metric));
          if (seriesId === undefined) throw new Error('series missing after creation');
          result.readings.push({ seriesId, time, value: reading.value });
          const things = reading.thing === 'sensor' ? result.sensors : result.controls;
          let latest = things.get(reading.id);
          if (!latest) {
            latest = new Map();
            things.set(reading.id, latest);
          }
          const previous = latest.get(reading.metric);
          if (!previous || time > previous.time) {
            latest.set(reading.metric, { time, value: reading.value });
          }
        }
        update.lastUpdate = Math.max(update.lastUpdate ?? 0, Math.min(messageTime, receivedAt));
        update.online = true;
        update.lastSeq = Math.max(update.lastSeq ?? 0, uplink.message.seq);
        continue;
      }

      const status = uplink.message;
      update.online = status.online;
      if (status.online) {
        const time = status.time ? Date.parse(status.time) : receivedAt;
        update.lastUpdate = Math.max(update.lastUpdate ?? 0, Math.min(time, receivedAt));
      }
      if (status.battery !== undefined) update.battery = status.battery;
      if (status.signal !== undefined) update.signal = status.signal;
      if (status.misses !== undefined) update.misses = status.misses;
      if (status.fault !== undefined) update.fault = status.fault;
    }
    return result;
  }

  async function write(tx: Database, work: Plan): Promise<number> {
    const inserted = await insertReadings(tx, work.readings);
    await updateLatest(tx, 'sensors', work.sensors);
    await updateLatest(tx, 'controls', work.controls);
    await updateDevices(tx, 'radios', work.radios);
    await updateDevices(tx, 'units', work.units);
    if (work.deadLetters.length > 0) await tx.insert(deadLetters).values(work.deadLetters);
    return inserted;
  }

  /** Stores a batch in one transaction, then acknowledges it. Throws when it was not stored. */
  async function commit(batch: Received[], forcedReason: string | null = null): Promise<void> {
    const work = await plan(batch, forcedReason);
    const inserted = await db.transaction((tx) => write(tx, work));
    for (const message of batch) message.ack();

    stats.batches++;
    stats.committed += batch.length;
    stats.deadLettered += work.deadLetters.length;
    stats.readingsInserted += inserted;
    stats.readingsDuplicate += work.readings.length - inserted;
    if (work.deadLetters.length > 0) {
      log.warn(
        { count: work.deadLetters.length, reason: work.deadLetters[0]?.reason },
        'field messages dead-lettered',
      );
    }
    const committed: CommittedBatch = {
      uplinks: work.accepted,
      readingsInserted: inserted,
      deadLettered: work.deadLetters.length,
      committedAt: clock.now(),
    };
    for (const listener of listeners) {
      try {
        listener(committed);
      } catch (error) {
        log.error({ err: String(error) }, 'an ingest listener failed');
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

  // ---- Batching ----

  const pending = () => buffered + inFlight;

  /** Starts the batch of every idle lane that is full or whose oldest message has waited enough. */
  function schedule() {
    // While closing, close() itself runs the remaining batches.
    if (closing) return;
    const now = performance.now();
    let due = Number.POSITIVE_INFINITY;
    for (const lane of lanes) {
      if (lane.running || lane.buffer.length === 0) continue;
      const oldest = lane.buffer[0] as Received;
      if (
        lane.buffer.length >= batchLimits.maxMessages ||
        now - oldest.at >= batchLimits.maxDelayMs
      ) {
        startBatch(lane);
      } else {
        due = Math.min(due, oldest.at + batchLimits.maxDelayMs);
      }
    }
    // Called for every message: a timer is set only when none is due as early.
    if (due === Number.POSITIVE_INFINITY || (timer && timer.due <= due)) return;
    if (timer) clearTimeout(timer.handle);
    timer = {
      due,
      handle: setTimeout(() => {
        timer = null;
        schedule();
      }, due - now),
    };
  }

  function startBatch(lane: Lane) {
    const batch = lane.buffer.splice(0, batchLimits.maxMessages);
    buffered -= batch.length;
    inFlight += batch.length;
    lane.running = store(batch)
      .catch((error: unknown) => {
        // store() retries all it can; this is a bug, and the messages come again anyway.
        log.error({ err: errorText(error) }, 'ingest batch failed');
      })
      .then(() => {
        inFlight -= batch.length;
        lane.running = null;
        if (pausedForBackPressure && !closing && pending() < highWater / 2) {
          pausedForBackPressure = false;
          client?.resume();
        }
        schedule();
      });
  }

  function accept(incoming: IncomingMessage) {
    stats.received++;
    const read = incoming.retain
      ? {
          uplink: null,
          problem: 'a retained message replayed at subscribe (uplinks must not be retained)',
        }
      : readUplink(topicRoot, incoming.topic, incoming.payload);
    const lane = lanes[laneOf(read.uplink?.serialno ?? incoming.topic, lanes.length)] as Lane;
    buffered++;
    lane.buffer.push({
      topic: incoming.topic,
      payload: incoming.payload,
      ack: incoming.ack,
      receivedAt: clock.now(),
      at: performance.now(),
      ...read,
    } as Received);
    if (!pausedForBackPressure && pending() >= highWater) {
      pausedForBackPressure = true;
      client?.pause();
    }
    schedule();
  }

  const external = options.broker.kind === 'external';
  const url = new URL(options.broker.url);
  client = await startIngestClient({
    url: `${url.protocol}//${url.host}`,
    clientId: options.clientId ?? 'paddock-ingest',
    ...(external
      ? url.username
        ? {
            username: decodeURIComponent(url.username),
            password: decodeURIComponent(url.password),
          }
        : {}
      : {
          username: SERVER_USERNAME,
          password: fieldKey(options.broker.fieldSecret, SERVER_USERNAME),
        }),
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
    stats: () => ({ ...stats, pending: pending(), connected: client?.isConnected() ?? false }),
    onCommitted: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: async () => {
      if (closing) return;
      closing = true;
      // Stop taking messages, store what was already taken (once), then disconnect: whatever
      // is left unacknowledged is redelivered in the next session.
      client?.pause();
      if (timer) clearTimeout(timer.handle);
      for (;;) {
        for (const lane of lanes) if (!lane.running && lane.buffer.length > 0) startBatch(lane);
        const running = lanes.flatMap((lane) => (lane.running ? [lane.running] : []));
        if (running.length === 0) break;
        await Promise.all(running);
      }
      await client?.close();
    },
  };
}

/** The lane of a device: FNV-1a of its serial number (or, unreadable, of the topic). */
function laneOf(key: string, lanes: number): number {
  if (lanes === 1) return 0;
  let hash = 0x811c9dc5;
  for (let index = 0; index < key.length; index++) {
    hash ^= key.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % lanes;
}

function defaultParallelBatches(db: Database): number {
  return (db as { $client?: unknown }).$client instanceof pg.Pool ? 2 : 1;
}

/** Map.groupBy, which Node 20 lacks. */
function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const name = key(item);
    const group = groups.get(name);
    if (group) group.push(item);
    else groups.set(name, [item]);
  }
  return groups;
}

function seriesKey(type: string, id: number, metric: string): string {
  return `${type}:${id}:${metric}`;
}

function refOf(device: DeviceEntry): DeviceRef {
  return { kind: device.kind, id: device.id, siteId: device.siteId };
}

function backoff(attempt: number): number {
  return Math.min(100 * 2 ** attempt, 10_000);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * PostgreSQL errors that come from concurrency, not from the data: deadlock, serialization
 * failure, lock not available.
 */
function isTransient(error: unknown): boolean {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  const code = (cause as { code?: unknown } | null)?.code;
  return code === '40P01' || code === '40001' || code === '55P03';
}

/** The database's own words: drizzle wraps them in a message that repeats the whole query. */
function errorText(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  const text = cause instanceof Error ? cause.message : String(cause);
  return text.length > MAX_REASON_LENGTH ? `${text.slice(0, MAX_REASON_LENGTH)}…` : text;
}

/** Newer values into a thing's topics; returns the new topics and the changed metrics. */
function mergeTopics(
  topics: SensorTopic[],
  latest: Latest,
): { topics: SensorTopic[]; changed: Set<string> } {
  const merged = topics.map((topic) => ({ ...topic }));
  const changed = new Set<string>();
  for (const [metric, { time, value }] of latest) {
    const timestamp = new Date(time).toISOString();
    const topic = merged.find((candidate) => candidate.metric === metric);
    if (!topic) {
      merged.push({
        metric,
        type: DIGITAL_METRICS.has(metric) ? 'digital' : 'analog',
        lastValue: value,
        timestamp,
      });
      changed.add(metric);
    } else if (topic.timestamp === null || Date.parse(topic.timestamp) < time) {
      topic.lastValue = value;
      topic.timestamp = timestamp;
      changed.add(metric);
    }
  }
  return { topics: merged, changed };
}

/**
 * Latest values into sensors' or controls' topics (and a control's isRunning from `running`).
 * Rows are locked in id order so concurrent ingest processes queue instead of deadlocking.
 */
async function updateLatest(
  tx: Database,
  table: 'sensors' | 'controls',
  latest: Map<number, Latest>,
): Promise<void> {
  if (latest.size === 0) return;
  const ids = [...latest.keys()];
  const name = sql.raw(table);
  const rows = await queryRows<{ id: number; topics: SensorTopic[] }>(
    tx,
    sql`select id, topics from ${name} where id = any(${sql.param(ids)}::int[]) order by id for update`,
  );
  const changes: { id: number; topics: SensorTopic[]; running: boolean | null }[] = [];
  for (const row of rows) {
    const values = latest.get(row.id);
    if (!values) continue;
    const { topics, changed } = mergeTopics(row.topics, values);
    if (changed.size === 0) continue;
    const running = changed.has('running') ? (values.get('running')?.value ?? 0) !== 0 : null;
    changes.push({ id: row.id, topics, running });
  }
  if (changes.length === 0) return;
  const input = JSON.stringify(changes);
  if (table === 'sensors') {
    await tx.execute(sql`
      update sensors set topics = v.topics
      from jsonb_to_recordset(${input}::jsonb) as v(id int, topics jsonb)
      where sensors.id = v.id
    `);
    return;
  }
  await tx.execute(sql`
    update controls set topics = v.topics, is_running = coalesce(v.running, controls.is_running)
    from jsonb_to_recordset(${input}::jsonb) as v(id int, topics jsonb, running boolean)
    where controls.id = v.id
  `);
}

/** Health and report times into radios or units; never moves lastUpdate or lastSeq back. */
async function updateDevices(
  tx: Database,
  table: 'radios' | 'units',
  updates: Map<number, DeviceUpdate>,
): Promise<void> {
  if (updates.size === 0) return;
  const ids = [...updates.keys()].sort((a, b) => a - b);
  const name = sql.raw(table);
  await tx.execute(
    sql`select id from ${name} where id = any(${sql.param(ids)}::int[]) order by id for update`,
  );
  const input = JSON.stringify(
    ids.map((id) => {
      const update = updates.get(id) as DeviceUpdate;
      return {
        id,
        last_update: update.lastUpdate === null ? null : new Date(update.lastUpdate).toISOString(),
        last_seq: update.lastSeq ?? null,
        battery: update.battery ?? null,
        signal: update.signal ?? null,
        misses: update.misses ?? null,
        fault: update.fault ?? null,
        online: update.online ?? null,
      };
    }),
  );
  if (table === 'units') {
    // Units (§3) have no battery, signal or link state of their own: report times only.
    await tx.execute(sql`
      update units set
        last_update = greatest(units.last_update, v.last_update),
        last_seq = greatest(units.last_seq, v.last_seq)
      from jsonb_to_recordset(${input}::jsonb) as v(id int, last_update timestamptz, last_seq bigint)
      where units.id = v.id
    `);
    return;
  }
  await tx.execute(sql`
    update radios set
      last_update = greatest(radios.last_update, v.last_update),
      last_seq = greatest(radios.last_seq, v.last_seq),
      battery_value = coalesce(v.battery, radios.battery_value),
      signal_value = coalesce(v.signal, radios.signal_value),
      misses_value = coalesce(v.misses, radios.misses_value),
      fault = coalesce(v.fault, radios.fault),
      online = coalesce(v.online, radios.online)
    from jsonb_to_recordset(${input}::jsonb) as v(
      id int, last_update timestamptz, last_seq bigint, battery float8, signal float8,
      misses float8, fault boolean, online boolean
    )
    where radios.id = v.id
  `);
}
