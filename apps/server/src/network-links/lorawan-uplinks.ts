/**
 * A network server's message, as one link's client takes it (issue 32 item 2): read by the
 * domain's schemas, matched by devEUI to a radio of the link's site, and stored by the same plan
 * and writer as the native protocol's uplinks (ingest/plan.ts, ingest/batch.repository.ts), so
 * readings, latest values, the radio's health and the followups behind alarms are the same.
 * The Things Stack's webhook posts the same uplink JSON, read by the same schema as the body of
 * its route (resources/network-links/network-link-webhook.routes.ts), and its uplink is taken by
 * takeUplink here like one over MQTT.
 *
 * - An uplink's decoded fields (or its payload, by a profile's decoder) become readings by the
 *   built-in device profile that makes the most of them (a radio names no profile yet), on the
 *   radio's sensor that lists the metric, else its first sensor.
 * - The best gateway's rssi becomes the radio's signal, through a status message; a profile's
 *   battery in volts is the radio's battery, a percentage (Milesight, ChirpStack's status event)
 *   a reading `battery.level`.
 * - The radio's last frame counter (lorawan_frames) is written in the transaction of the
 *   readings, so a repeated fCnt (a network server's retry) is stored once and a reset is logged;
 *   the uplink's air time (lorawan_airtime) too, for the worklist's fair-use warning.
 * - A devEUI no radio of the site has is kept in lorawan_heard for a site admin to attach.
 */
import {
  BUILT_IN_DEVICE_PROFILES,
  chirpStackEventTopic,
  ttsEventTopic,
  batteryLevelOf,
  chirpStackStatusSchema,
  chirpStackUplinkSchema,
  judgeFrameCounter,
  readingsOfUplink,
  type NetworkLinkOutcome,
  ttsUplinkSchema,
  uplinkFromChirpStack,
  uplinkFromTts,
  type MappedReading,
  type Reading,
  type Uplink,
} from '@paddock/domain';
import type { Database } from '../db/client.ts';
import type { Catalog } from '../ingest/catalog.ts';
import { writePlan } from '../ingest/batch.repository.ts';
import { planBatch, type PlanMessage } from '../ingest/plan.ts';
import type { Uplink as FieldUplink } from '../ingest/uplink.ts';
import type { Log } from '../log.ts';
import type { LorawanCatalog } from './lorawan-catalog.ts';
import {
  lastFrames,
  noteHeard,
  noteUplinkTime,
  recordAirtime,
  recordFrames,
  type AirtimeRow,
  type FrameRow,
  type WiredSensor,
} from './network-link.repository.ts';

/** What a link's client needs of its link row. */
export type LinkTopics = {
  id: number;
  siteId: number;
  kind: 'chirpstack' | 'tts-mqtt';
  applicationId: string;
  tenant: string | null;
};

/** The topics of the link's own application, and nothing wider. */
export function linkFilters(link: LinkTopics): string[] {
  if (link.kind === 'chirpstack') {
    return [
      chirpStackEventTopic(link.applicationId, '+', 'up'),
      chirpStackEventTopic(link.applicationId, '+', 'status'),
    ];
  }
  return [ttsEventTopic(link.applicationId, link.tenant ?? '', '+', 'up')];
}

/** What a message was taken as, for the link's counts, the webhook's answer and the tests. */
export type Outcome = NetworkLinkOutcome;

/** What an uplink is stored against: its link and the link's site. */
export type UplinkLink = Pick<LinkTopics, 'id' | 'siteId'>;

/** The message an uplink came in, kept with a message the plan refuses (a dead letter). */
export type UplinkSource = { topic: string; payload: Buffer; receivedAt: Date };

export type UplinkContext = {
  db: Database;
  catalog: Catalog;
  /** The radios of devEUIs and their sensors, kept between messages. */
  radios: LorawanCatalog;
  log: Log;
};

/** The radio's profile: the built-in one that makes the most readings of the uplink. */
function readingsByBestProfile(uplink: Uplink): MappedReading[] {
  let best: MappedReading[] = [];
  for (const profile of BUILT_IN_DEVICE_PROFILES) {
    const readings = readingsOfUplink(uplink, profile);
    if (readings.length > best.length) best = readings;
  }
  return best;
}

const BATTERY_VOLTS = 'battery';
const BATTERY_LEVEL = 'battery.level';

/** Reads one message of the link's topics; the reason when it is not one we take. */
function parseMessage(
  link: LinkTopics,
  topic: string,
  payload: Buffer,
  receivedAt: Date,
):
  | { kind: 'up'; uplink: Uplink }
  | { kind: 'status'; devEui: string; batteryLevel: number | null; time: string }
  | { kind: 'problem'; reason: string } {
  let json: unknown;
  try {
    json = JSON.parse(payload.toString('utf8'));
  } catch (error) {
    return { kind: 'problem', reason: `not JSON: ${(error as Error).message}` };
  }
  const issues = (error: { issues: { path: PropertyKey[]; message: string }[] }) =>
    error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
  if (link.kind === 'tts-mqtt') {
    const parsed = ttsUplinkSchema.safeParse(json);
    if (!parsed.success) return { kind: 'problem', reason: issues(parsed.error) };
    return { kind: 'up', uplink: uplinkFromTts(parsed.data, receivedAt) };
  }
  if (topic.endsWith('/event/status')) {
    const parsed = chirpStackStatusSchema.safeParse(json);
    if (!parsed.success) return { kind: 'problem', reason: issues(parsed.error) };
    return {
      kind: 'status',
      devEui: parsed.data.deviceInfo.devEui,
      batteryLevel: batteryLevelOf(parsed.data),
      time: new Date(parsed.data.time ?? receivedAt).toISOString(),
    };
  }
  const parsed = chirpStackUplinkSchema.safeParse(json);
  if (!parsed.success) return { kind: 'problem', reason: issues(parsed.error) };
  return { kind: 'up', uplink: uplinkFromChirpStack(parsed.data, receivedAt) };
}

/** Each metric onto the radio's sensor that lists it, else its first sensor; null without one. */
function sensorReadings(
  wired: readonly WiredSensor[] | undefined,
  readings: readonly MappedReading[],
  time: string,
): Reading[] | null {
  const first = wired?.[0];
  if (!wired || !first) return null;
  return readings.map((reading) => {
    const owner = wired.find((sensor) => sensor.metrics.includes(reading.metric)) ?? first;
    return { thing: 'sensor', id: owner.id, metric: reading.metric, value: reading.value, time };
  });
}

function planMessage(source: UplinkSource, uplink: FieldUplink): PlanMessage {
  return { ...source, uplink, problem: null };
}

/** What a message was taken as, and the network server's time of its frame when it had one. */
export type Taken = { outcome: Outcome; time: string | null };

/** One message of a link, read, with where it came from. */
type ReadMessage = { read: ReturnType<typeof parseMessage>; source: UplinkSource };

/**
 * Takes consecutive messages of the link's topics, storing what they hold in one transaction;
 * never throws for what a message holds (it throws when the database does, storing nothing).
 */
export async function takeLinkMessages(
  context: UplinkContext,
  link: LinkTopics,
  messages: readonly UplinkSource[],
): Promise<Taken[]> {
  const read = messages.map((source) => ({
    read: parseMessage(link, source.topic, source.payload, source.receivedAt),
    source,
  }));
  const outcomes = await takeRead(context, link, read);
  return read.map(({ read: message }, index) => ({
    outcome: outcomes[index] as Outcome,
    time:
      message.kind === 'up' ? message.uplink.time : message.kind === 'status' ? message.time : null,
  }));
}

/**
 * Takes one uplink of the link, however it came (a message of the link's topics, or The Things
 * Stack's webhook): a repeated fCnt is stored once, an unknown devEUI noted as heard.
 */
export async function takeUplink(
  context: UplinkContext,
  link: UplinkLink,
  uplink: Uplink,
  source: UplinkSource,
): Promise<Outcome> {
  const [outcome] = await takeRead(context, link, [{ read: { kind: 'up', uplink }, source }]);
  return outcome as Outcome;
}

/**
 * The rules for a link's messages, in the order they came: what each is taken as, and what
 * is stored of them, in one transaction (with the radios' last frames and air time), so they are
 * all stored or none. Frame counters are judged in order against the last frame stored, then
 * against the frames before them in the same messages.
 */
async function takeRead(
  context: UplinkContext,
  link: UplinkLink,
  messages: readonly ReadMessage[],
): Promise<Outcome[]> {
  const { db, catalog, radios, log } = context;
  const devEuis = messages.flatMap(({ read }) => (read.kind === 'problem' ? [] : [devEuiOf(read)]));
  const matched = await radios.radios(link.siteId, devEuis);
  const wired = await radios.sensors([...matched.values()].map((radio) => radio.id));
  const uplinks = messages.flatMap(({ read }) => (read.kind === 'up' ? [read.uplink] : []));
  if (uplinks.length > 0) {
    const latest = Math.max(...messages.map(({ source }) => source.receivedAt.getTime()));
    await noteUplinkTime(db, link.id, new Date(latest));
  }
  const frames = await lastFrames(db, [
    ...new Set(uplinks.flatMap((uplink) => matched.get(uplink.devEui)?.id ?? [])),
  ]);

  const outcomes: Outcome[] = [];
  const batch: PlanMessage[] = [];
  const framesWritten = new Map<number, FrameRow>();
  const airtime: AirtimeRow[] = [];
  for (const { read, source } of messages) {
    if (read.kind === 'problem') {
      log.warn(
        { link: link.id, topic: source.topic, reason: read.reason },
        'network link message refused',
      );
      outcomes.push('invalid');
      continue;
    }
    const radio = matched.get(devEuiOf(read));
    if (read.kind === 'status') {
      if (!radio || read.batteryLevel === null) {
        outcomes.push('ignored');
        continue;
      }
      const level = [{ metric: BATTERY_LEVEL, value: read.batteryLevel, unit: '%' }];
      const readings = sensorReadings(wired.get(radio.id), level, read.time);
      if (readings === null) {
        outcomes.push('no sensor');
        continue;
      }
      const message = { seq: 0, time: read.time, readings };
      batch.push(
        planMessage(source, {
          kind: 'readings',
          siteId: link.siteId,
          serialno: radio.serialno,
          message,
        }),
      );
      outcomes.push('stored');
      continue;
    }

    const { uplink } = read;
    if (!radio) {
      await noteHeard(db, {
        linkId: link.id,
        devEui: uplink.devEui,
        lastFCnt: uplink.fCnt,
        lastSeen: new Date(uplink.time),
        rssi: uplink.signal?.rssi ?? null,
        snr: uplink.signal?.snr ?? null,
      });
      outcomes.push('heard');
      continue;
    }
    const last = frames.get(radio.id) ?? null;
    const at = new Date(uplink.time);
    const decision = judgeFrameCounter(last, uplink.fCnt, at);
    if (decision === 'repeat') {
      outcomes.push('repeat');
      continue;
    }
    if (decision === 'reset') {
      log.info(
        { link: link.id, devEui: uplink.devEui, fCnt: uplink.fCnt, lastFCnt: last?.fCnt },
        'LoRaWAN frame counter reset (the device joined again)',
      );
    }
    frames.set(radio.id, { fCnt: uplink.fCnt, at });
    framesWritten.set(radio.id, {
      radioId: radio.id,
      fCnt: uplink.fCnt,
      at,
      deviceId: uplink.deviceId,
    });
    if (uplink.airtimeSeconds !== null) {
      airtime.push({ radioId: radio.id, at, seconds: uplink.airtimeSeconds });
    }

    const mapped = readingsByBestProfile(uplink);
    const volts = mapped.find((reading) => reading.metric === BATTERY_VOLTS);
    const readings = sensorReadings(
      wired.get(radio.id),
      mapped.filter((reading) => reading.metric !== BATTERY_VOLTS),
      uplink.time,
    );
    if (readings === null && mapped.length > 0) {
      log.warn({ link: link.id, radio: radio.id }, 'LoRaWAN radio has no sensor for its readings');
    }
    const field = { siteId: link.siteId, serialno: radio.serialno };
    if (readings !== null && readings.length > 0) {
      const message = { seq: 0, time: uplink.time, readings };
      batch.push(planMessage(source, { kind: 'readings', ...field, message }));
    }
    const status = {
      time: uplink.time,
      online: true,
      ...(uplink.signal ? { signal: uplink.signal.rssi } : {}),
      ...(volts ? { battery: volts.value } : {}),
    };
    batch.push(planMessage(source, { kind: 'status', ...field, message: status }));
    outcomes.push(readings === null && mapped.length > 0 ? 'no sensor' : 'stored');
  }

  if (batch.length > 0) {
    await writePlan(db, planBatch(batch, await catalog.rowsFor(batch)), async (tx) => {
      await recordFrames(tx, [...framesWritten.values()]);
      await recordAirtime(tx, airtime);
    });
  }
  return outcomes;
}

function devEuiOf(read: { kind: 'up'; uplink: Uplink } | { kind: 'status'; devEui: string }) {
  return read.kind === 'up' ? read.uplink.devEui : read.devEui;
}
