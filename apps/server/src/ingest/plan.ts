/**
 * What one batch writes, decided without the database: from the batch's messages and the rows
 * they concern (devices with their wired things, series ids; the things' stored topics) to the
 * readings, latest values, device health, dead letters and followup of one transaction
 * (docs/field-protocol.md "Ingest"). batch.repository.ts applies it; nothing here does I/O or
 * reads a clock.
 *
 * Choices:
 * - A metric a sensor or control does not list yet is taken and added to its topics: devices
 *   gain metrics with firmware updates, and refusing them would lose data. A reading of a thing
 *   that is not the device's own is refused (dead letter): that is a wiring or security fault.
 * - A device's lastUpdate is the newest message time it sent, capped at the time we received it
 *   (a device clock running ahead must not keep it from going overdue). A status with
 *   `online: false` (the last will) is not a report and moves nothing but `online`.
 * - Latest values and report times go by time, so batches may commit in any order. A radio's
 *   health fields (battery, signal, misses, fault, online) carry no time of their own: the last
 *   status in the batch wins.
 * - A status's battery, signal and misses are also readings, of the device's own series (thing
 *   type radio or unit), at the status's time (its receipt when it has none): the device's
 *   health history, deduplicated by the same natural key as any reading. A status already
 *   HISTORY_STATUS_AGE_MS old when it arrives (a back-fill, a device emptying its queue after an
 *   outage) is history only: its readings are stored, but it does not set the current health,
 *   which must stay what the device says now.
 */
import { DEVICE_SERIES_METRICS, type SensorTopic, type StatusUplink } from '@paddock/domain';
import type { ReadingRow } from '../telemetry/reading.repository.ts';
import type { IngestFollowup } from './followups.ts';
import { MAX_REASON_LENGTH, payloadText, type ReadUplink, type Uplink } from './uplink.ts';

type DeviceRef = { kind: 'radio' | 'unit'; id: number; siteId: number };

/** A radio or unit as the plan needs it: where it is and what is wired to it. */
export type DeviceRow = DeviceRef & {
  /** thingKey() of every sensor and control wired to the device. */
  things: ReadonlySet<string>;
};

/** The rows a batch's plan reads: its devices by serial number (or why there is none), its series. */
export type CurrentRows = {
  devices: ReadonlyMap<string, DeviceRow | string>;
  /** seriesKey() → series id, for every reading the plan takes. */
  seriesIds: ReadonlyMap<string, number>;
};

/** A message of the batch, read (uplink.ts) and stamped with the time it arrived. */
export type PlanMessage = { topic: string; payload: Buffer; receivedAt: Date } & ReadUplink;

export type AcceptedUplink = Uplink & { device: DeviceRef; receivedAt: Date };

/** Per metric of one thing, the batch's newest reading (time in ms since the epoch). */
export type Latest = Map<string, { time: number; value: number }>;

/** What a batch says of one radio or unit; a field left out is left as stored. */
export type DeviceUpdate = {
  lastUpdate: number | null;
  battery?: number;
  signal?: number;
  misses?: number;
  fault?: boolean;
  online?: boolean;
  lastSeq?: number;
};

type DeadLetterRow = { topic: string; payload: string; reason: string; receivedAt: Date };

export type BatchPlan = {
  readings: ReadingRow[];
  deadLetters: DeadLetterRow[];
  /** By sensor id. */
  sensors: Map<number, Latest>;
  /** By control id. */
  controls: Map<number, Latest>;
  /** By radio id. */
  radios: Map<number, DeviceUpdate>;
  /** By unit id. */
  units: Map<number, DeviceUpdate>;
  /** The messages taken, in the order they came. */
  accepted: AcceptedUplink[];
};

/** A series wanted by a reading, to be found or created before the plan. */
export type WantedSeries = {
  siteId: number;
  type: 'sensor' | 'control' | 'radio' | 'unit';
  id: number;
  metric: string;
};

/**
 * A status this much older than its receipt is history (see the choices above): an hour, well
 * past any clock skew or broker hiccup, and far less than a back-fill's past.
 */
const HISTORY_STATUS_AGE_MS = 60 * 60_000;

/** The health readings a status carries, at the time they are stored under. */
function statusReadings(
  status: StatusUplink,
  receivedAt: number,
): { time: number; metrics: { metric: string; value: number }[] } {
  const time = status.time ? Date.parse(status.time) : receivedAt;
  const metrics: { metric: string; value: number }[] = [];
  for (const metric of DEVICE_SERIES_METRICS) {
    const value = status[metric];
    if (value !== undefined) metrics.push({ metric, value });
  }
  return { time, metrics };
}

/** Metrics whose values are 0/1 states rather than measurements. */
const DIGITAL_METRICS = new Set(['fault', 'running']);

export function thingKey(type: 'sensor' | 'control', id: number): string {
  return `${type}:${id}`;
}

export function seriesKey(type: string, id: number, metric: string): string {
  return `${type}:${id}:${metric}`;
}

/** Why the uplink cannot be taken from this device, or null. */
export function refusal(uplink: Uplink, device: DeviceRow | string | undefined): string | null {
  if (device === undefined || typeof device === 'string') return device ?? 'unknown device';
  if (device.siteId !== uplink.siteId) {
    return `device ${uplink.serialno} belongs to site ${device.siteId}, not site ${uplink.siteId}`;
  }
  if (uplink.kind === 'readings') {
    const foreign = uplink.message.readings.find(
      (reading) => !device.things.has(thingKey(reading.thing, reading.id)),
    );
    if (foreign) return `${foreign.thing} ${foreign.id} is not wired to ${uplink.serialno}`;
  }
  return null;
}

/** The messages the devices take, each with its device; the others with their reason. */
function screen(
  messages: readonly PlanMessage[],
  devices: CurrentRows['devices'],
): {
  taken: { message: PlanMessage; uplink: Uplink; device: DeviceRow }[];
  refused: { message: PlanMessage; reason: string }[];
} {
  const taken: { message: PlanMessage; uplink: Uplink; device: DeviceRow }[] = [];
  const refused: { message: PlanMessage; reason: string }[] = [];
  for (const message of messages) {
    if (message.uplink === null) {
      refused.push({ message, reason: message.problem });
      continue;
    }
    const device = devices.get(message.uplink.serialno);
    const reason = refusal(message.uplink, device);
    if (reason !== null || typeof device !== 'object') {
      refused.push({ message, reason: reason ?? 'unknown device' });
      continue;
    }
    taken.push({ message, uplink: message.uplink, device });
  }
  return { taken, refused };
}

/** The series the taken readings of a batch report under, by seriesKey(). */
export function wantedSeries(
  messages: readonly PlanMessage[],
  devices: CurrentRows['devices'],
): Map<string, WantedSeries> {
  const wanted = new Map<string, WantedSeries>();
  for (const { message, uplink, device } of screen(messages, devices).taken) {
    if (uplink.kind === 'status') {
      const { metrics } = statusReadings(uplink.message, message.receivedAt.getTime());
      for (const { metric } of metrics) {
        const key = seriesKey(device.kind, device.id, metric);
        if (!wanted.has(key)) {
          wanted.set(key, { siteId: device.siteId, type: device.kind, id: device.id, metric });
        }
      }
      continue;
    }
    for (const reading of uplink.message.readings) {
      const key = seriesKey(reading.thing, reading.id, reading.metric);
      if (!wanted.has(key)) {
        wanted.set(key, {
          siteId: device.siteId,
          type: reading.thing,
          id: reading.id,
          metric: reading.metric,
        });
      }
    }
  }
  return wanted;
}

function emptyPlan(): BatchPlan {
  return {
    readings: [],
    deadLetters: [],
    sensors: new Map(),
    controls: new Map(),
    radios: new Map(),
    units: new Map(),
    accepted: [],
  };
}

function deadLetterOf(message: PlanMessage, reason: string): DeadLetterRow {
  return {
    topic: message.topic,
    payload: payloadText(message.payload),
    reason: reason.slice(0, MAX_REASON_LENGTH),
    receivedAt: message.receivedAt,
  };
}

/** A batch that is kept whole as dead letters, every message with the same reason. */
export function deadLetterPlan(messages: readonly PlanMessage[], reason: string): BatchPlan {
  const plan = emptyPlan();
  for (const message of messages) plan.deadLetters.push(deadLetterOf(message, reason));
  return plan;
}

/** What one transaction writes for the batch, given the rows it concerns. */
export function planBatch(messages: readonly PlanMessage[], rows: CurrentRows): BatchPlan {
  const plan = emptyPlan();
  const { taken, refused } = screen(messages, rows.devices);
  for (const { message, reason } of refused) plan.deadLetters.push(deadLetterOf(message, reason));

  for (const { message, uplink, device } of taken) {
    const receivedAt = message.receivedAt.getTime();
    const updates = device.kind === 'radio' ? plan.radios : plan.units;
    let update = updates.get(device.id);
    if (!update) {
      update = { lastUpdate: null };
      updates.set(device.id, update);
    }
    plan.accepted.push({
      ...uplink,
      device: { kind: device.kind, id: device.id, siteId: device.siteId },
      receivedAt: message.receivedAt,
    });

    if (uplink.kind === 'readings') {
      const messageTime = parseTime(uplink.message.time);
      for (const reading of uplink.message.readings) {
        const time = reading.time ? parseTime(reading.time) : messageTime;
        const seriesId = rows.seriesIds.get(seriesKey(reading.thing, reading.id, reading.metric));
        if (seriesId === undefined) throw new Error('series missing after creation');
        plan.readings.push({ seriesId, time, value: reading.value });
        const things = reading.thing === 'sensor' ? plan.sensors : plan.controls;
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
    const health = statusReadings(status, receivedAt);
    for (const { metric, value } of health.metrics) {
      const seriesId = rows.seriesIds.get(seriesKey(device.kind, device.id, metric));
      if (seriesId === undefined) throw new Error('series missing after creation');
      plan.readings.push({ seriesId, time: health.time, value });
    }
    if (status.online) {
      const time = status.time ? Date.parse(status.time) : receivedAt;
      update.lastUpdate = Math.max(update.lastUpdate ?? 0, Math.min(time, receivedAt));
    }
    if (receivedAt - health.time >= HISTORY_STATUS_AGE_MS) continue;
    update.online = status.online;
    if (status.battery !== undefined) update.battery = status.battery;
    if (status.signal !== undefined) update.signal = status.signal;
    if (status.misses !== undefined) update.misses = status.misses;
    if (status.fault !== undefined) update.fault = status.fault;
  }
  return plan;
}

/** A sensor's or control's new topics (and a control's isRunning from `running`, else null). */
export type TopicChange = { id: number; topics: SensorTopic[]; running: boolean | null };

/**
 * The batch's latest values against the stored topics of those things: the rows that change.
 * A value moves only forward in time; a metric not listed yet is added.
 */
export function topicChanges(
  rows: readonly { id: number; topics: SensorTopic[] }[],
  latest: ReadonlyMap<number, Latest>,
): TopicChange[] {
  const changes: TopicChange[] = [];
  for (const row of rows) {
    const values = latest.get(row.id);
    if (!values) continue;
    const { topics, changed } = mergeTopics(row.topics, values);
    if (changed.size === 0) continue;
    const running = changed.has('running') ? (values.get('running')?.value ?? 0) !== 0 : null;
    changes.push({ id: row.id, topics, running });
  }
  return changes;
}

/**
 * Newer values into a thing's topics; returns the new topics and the changed metrics. The stored
 * topics are copied only where they change: this runs for every thing of every batch.
 */
function mergeTopics(
  topics: SensorTopic[],
  latest: Latest,
): { topics: SensorTopic[]; changed: Set<string> } {
  let merged: SensorTopic[] | null = null;
  const changed = new Set<string>();
  for (const [metric, { time, value }] of latest) {
    const current = merged ?? topics;
    const index = current.findIndex((candidate) => candidate.metric === metric);
    const topic = current[index];
    if (!topic) {
      merged ??= topics.slice();
      merged.push({
        metric,
        type: DIGITAL_METRICS.has(metric) ? 'digital' : 'analog',
        lastValue: value,
        timestamp: isoTime(time),
      });
      changed.add(metric);
    } else if (topic.timestamp === null || parseTime(topic.timestamp) < time) {
      merged ??= topics.slice();
      merged[index] = { ...topic, lastValue: value, timestamp: isoTime(time) };
      changed.add(metric);
    }
  }
  return { topics: merged ?? topics, changed };
}

/**
 * Date.parse and toISOString of the last time met: a message's readings, and a batch's things,
 * mostly share their times, and these two were a fifth of planning a batch.
 */
let parsedText = '';
let parsedMs = Number.NaN;
function parseTime(text: string): number {
  if (text !== parsedText) {
    parsedText = text;
    parsedMs = Date.parse(text);
  }
  return parsedMs;
}

let isoMs = Number.NaN;
let isoText = '';
function isoTime(ms: number): string {
  if (ms !== isoMs) {
    isoMs = ms;
    isoText = new Date(ms).toISOString();
  }
  return isoText;
}

/**
 * What must follow the batch's commit (followups.ts), written in its transaction: the things
 * and devices it heard from. Null when it took no message (dead letters only).
 */
export function followupOf(plan: BatchPlan, readingsInserted: number): IngestFollowup | null {
  if (plan.accepted.length === 0) return null;
  const ids = (map: ReadonlyMap<number, unknown>) => [...map.keys()].sort((a, b) => a - b);
  return {
    sensors: ids(plan.sensors),
    controls: ids(plan.controls),
    radios: ids(plan.radios),
    units: ids(plan.units),
    readingsInserted,
    deadLettered: plan.deadLetters.length,
  };
}
