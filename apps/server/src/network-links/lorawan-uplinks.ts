/**
 * A network server's message, as one link's client takes it (issue 32 item 2): read by the
 * domain's schemas, matched by devEUI to a radio of the link's site, and stored by the same plan
 * and writer as the native protocol's uplinks (ingest/plan.ts, ingest/batch.repository.ts), so
 * readings, latest values, the radio's health and the followups behind alarms are the same.
 *
 * - An uplink's decoded fields (or its payload, by a profile's decoder) become readings by the
 *   built-in device profile that makes the most of them (a radio names no profile yet), on the
 *   radio's sensor that lists the metric, else its first sensor.
 * - The best gateway's rssi becomes the radio's signal, through a status message; a profile's
 *   battery in volts is the radio's battery, a percentage (Milesight, ChirpStack's status event)
 *   a reading `battery.level`.
 * - The radio's last frame counter (lorawan_frames) is written in the transaction of the
 *   readings, so a repeated fCnt (a network server's retry) is stored once and a reset is logged.
 * - A devEUI no radio of the site has is kept in lorawan_heard for a site admin to attach.
 */
import {
  BUILT_IN_DEVICE_PROFILES,
  batteryLevelOf,
  chirpStackStatusSchema,
  chirpStackUplinkSchema,
  judgeFrameCounter,
  readingsOfUplink,
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
import {
  lastFrame,
  noteHeard,
  noteUplinkTime,
  radioByDevEui,
  recordFrame,
  sensorsOfRadio,
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
    const device = `application/${link.applicationId}/device/+/event`;
    return [`${device}/up`, `${device}/status`];
  }
  return [`v3/${link.applicationId}@${link.tenant ?? ''}/devices/+/up`];
}

/** What a message was taken as, for the link's counts and the tests. */
export type Outcome = 'stored' | 'repeat' | 'heard' | 'invalid' | 'ignored' | 'no sensor';

export type UplinkContext = { db: Database; catalog: Catalog; log: Log };

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
async function sensorReadings(
  db: Database,
  radioId: number,
  readings: readonly MappedReading[],
  time: string,
): Promise<Reading[] | null> {
  const wired = await sensorsOfRadio(db, radioId);
  const first = wired[0];
  if (!first) return null;
  return readings.map((reading) => {
    const owner = wired.find((sensor) => sensor.metrics.includes(reading.metric)) ?? first;
    return { thing: 'sensor', id: owner.id, metric: reading.metric, value: reading.value, time };
  });
}

function planMessage(
  topic: string,
  payload: Buffer,
  receivedAt: Date,
  uplink: FieldUplink,
): PlanMessage {
  return { topic, payload, receivedAt, uplink, problem: null };
}

/** Takes one message of the link's topics; never throws for what the message holds. */
export async function takeLinkMessage(
  context: UplinkContext,
  link: LinkTopics,
  topic: string,
  payload: Buffer,
  receivedAt: Date,
): Promise<Outcome> {
  const { db, catalog, log } = context;
  const read = parseMessage(link, topic, payload, receivedAt);
  if (read.kind === 'problem') {
    log.warn({ link: link.id, topic, reason: read.reason }, 'network link message refused');
    return 'invalid';
  }
  if (read.kind === 'status') {
    const radio = await radioByDevEui(db, link.siteId, read.devEui);
    if (!radio || read.batteryLevel === null) return 'ignored';
    const readings = await sensorReadings(
      db,
      radio.id,
      [{ metric: BATTERY_LEVEL, value: read.batteryLevel, unit: '%' }],
      read.time,
    );
    if (readings === null) return 'no sensor';
    const message = { seq: 0, time: read.time, readings };
    const uplink: FieldUplink = {
      kind: 'readings',
      siteId: link.siteId,
      serialno: radio.serialno,
      message,
    };
    const batch = [planMessage(topic, payload, receivedAt, uplink)];
    await writePlan(db, planBatch(batch, await catalog.rowsFor(batch)));
    return 'stored';
  }

  const { uplink } = read;
  const radio = await radioByDevEui(db, link.siteId, uplink.devEui);
  await noteUplinkTime(db, link.id, receivedAt);
  if (!radio) {
    await noteHeard(db, {
      linkId: link.id,
      devEui: uplink.devEui,
      lastFCnt: uplink.fCnt,
      lastSeen: new Date(uplink.time),
      rssi: uplink.signal?.rssi ?? null,
      snr: uplink.signal?.snr ?? null,
    });
    return 'heard';
  }
  const last = await lastFrame(db, radio.id);
  const at = new Date(uplink.time);
  const decision = judgeFrameCounter(last, uplink.fCnt, at);
  if (decision === 'repeat') return 'repeat';
  if (decision === 'reset') {
    log.info(
      { link: link.id, devEui: uplink.devEui, fCnt: uplink.fCnt, lastFCnt: last?.fCnt },
      'LoRaWAN frame counter reset (the device joined again)',
    );
  }

  const mapped = readingsByBestProfile(uplink);
  const volts = mapped.find((reading) => reading.metric === BATTERY_VOLTS);
  const readings = await sensorReadings(
    db,
    radio.id,
    mapped.filter((reading) => reading.metric !== BATTERY_VOLTS),
    uplink.time,
  );
  if (readings === null && mapped.length > 0) {
    log.warn({ link: link.id, radio: radio.id }, 'LoRaWAN radio has no sensor for its readings');
  }
  const batch: PlanMessage[] = [];
  const field = { siteId: link.siteId, serialno: radio.serialno };
  if (readings !== null && readings.length > 0) {
    const message = { seq: 0, time: uplink.time, readings };
    batch.push(planMessage(topic, payload, receivedAt, { kind: 'readings', ...field, message }));
  }
  const status = {
    time: uplink.time,
    online: true,
    ...(uplink.signal ? { signal: uplink.signal.rssi } : {}),
    ...(volts ? { battery: volts.value } : {}),
  };
  batch.push(
    planMessage(topic, payload, receivedAt, { kind: 'status', ...field, message: status }),
  );

  await writePlan(db, planBatch(batch, await catalog.rowsFor(batch)), (tx) =>
    recordFrame(tx, radio.id, uplink.fCnt, at),
  );
  return readings === null && mapped.length > 0 ? 'no sensor' : 'stored';
}
