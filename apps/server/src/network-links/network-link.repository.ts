/**
 * SQL of the ingest role's network server links (issue 32): the links to run, their state, the
 * radio and sensors a devEUI names, the devices heard and each radio's last frame; and what a
 * command to a LoRaWAN radio needs: its devEUI, device id and outputs, and whose a command is.
 */
import type { NetworkLinkState, SensorTopic } from '@paddock/domain';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import {
  controls,
  fieldCommands,
  lorawanAirtime,
  lorawanFrames,
  lorawanHeard,
  networkLinks,
  radios,
  sensors,
} from '../db/schema.ts';

export type NetworkLinkRow = typeof networkLinks.$inferSelect;

/** The links with a client of their own (a webhook link has none). */
export function linksToRun(db: Database): Promise<NetworkLinkRow[]> {
  return db
    .select()
    .from(networkLinks)
    .where(inArray(networkLinks.kind, ['chirpstack', 'tts-mqtt']));
}

export async function setLinkState(
  db: Database,
  linkId: number,
  state: NetworkLinkState,
  detail: string | null,
  at: Date,
): Promise<void> {
  await db
    .update(networkLinks)
    .set({ state, stateDetail: detail, stateAt: at })
    .where(eq(networkLinks.id, linkId));
}

/** The link's last uplink time, never moved back. */
export async function noteUplinkTime(db: Database, linkId: number, at: Date): Promise<void> {
  await db
    .update(networkLinks)
    .set({
      lastUplinkAt: sql`greatest(${networkLinks.lastUplinkAt}, ${at.toISOString()}::timestamptz)`,
    })
    .where(eq(networkLinks.id, linkId));
}

export type RadioMatch = { id: number; serialno: string; devEui: string };

/** The site's radios with these devEUIs; a devEUI no radio of the site has is left out. */
export async function radiosByDevEui(
  db: Database,
  siteId: number,
  devEuis: readonly string[],
): Promise<RadioMatch[]> {
  if (devEuis.length === 0) return [];
  const rows = await db
    .select({ id: radios.id, serialno: radios.serialno, devEui: radios.devEui })
    .from(radios)
    .where(and(inArray(radios.devEui, [...devEuis]), eq(radios.siteId, siteId)));
  return rows.map((row) => ({ ...row, devEui: row.devEui as string }));
}

export type WiredSensor = { id: number; metrics: string[] };

/** The sensors wired to each radio, in id order, with the metrics they list. */
export async function sensorsOfRadios(
  db: Database,
  radioIds: readonly number[],
): Promise<Map<number, WiredSensor[]>> {
  const wired = new Map<number, WiredSensor[]>();
  if (radioIds.length === 0) return wired;
  const rows = await db
    .select({ id: sensors.id, radioId: sensors.radioId, topics: sensors.topics })
    .from(sensors)
    .where(inArray(sensors.radioId, [...radioIds]))
    .orderBy(asc(sensors.id));
  for (const row of rows) {
    const sensor = {
      id: row.id,
      metrics: (row.topics as SensorTopic[]).map((topic) => topic.metric),
    };
    const list = wired.get(row.radioId as number);
    if (list) list.push(sensor);
    else wired.set(row.radioId as number, [sensor]);
  }
  return wired;
}

export type HeardValues = {
  linkId: number;
  devEui: string;
  lastFCnt: number;
  lastSeen: Date;
  rssi: number | null;
  snr: number | null;
};

/** A device heard by the link that no radio of its site has: its latest frame. */
export async function noteHeard(db: Database, values: HeardValues): Promise<void> {
  const { lastFCnt, lastSeen, rssi, snr } = values;
  await db
    .insert(lorawanHeard)
    .values(values)
    .onConflictDoUpdate({
      target: [lorawanHeard.linkId, lorawanHeard.devEui],
      set: { lastFCnt, lastSeen, rssi, snr },
    });
}

/** Each radio's last frame, for the radios that have one. */
export async function lastFrames(
  db: Database,
  radioIds: readonly number[],
): Promise<Map<number, { fCnt: number; at: Date }>> {
  if (radioIds.length === 0) return new Map();
  const rows = await db
    .select({ radioId: lorawanFrames.radioId, fCnt: lorawanFrames.fCnt, at: lorawanFrames.at })
    .from(lorawanFrames)
    .where(inArray(lorawanFrames.radioId, [...radioIds]));
  return new Map(rows.map((row) => [row.radioId, { fCnt: row.fCnt, at: row.at }]));
}

/** Air time is kept this long: the fair-use limit is over any 24 hours, and a day more is spare. */
const AIRTIME_KEPT_MS = 2 * 86_400_000;

export type AirtimeRow = { radioId: number; at: Date; seconds: number };

/**
 * Uplinks' air time, in the transaction of their readings (one row per radio and time: the last
 * given wins); each radio's rows older than two days before its latest go in the same
 * transaction, so the table holds two days of uplinks per radio.
 */
export async function recordAirtime(tx: Database, rows: readonly AirtimeRow[]): Promise<void> {
  if (rows.length === 0) return;
  const byKey = new Map(rows.map((row) => [`${row.radioId}:${row.at.getTime()}`, row]));
  await tx
    .insert(lorawanAirtime)
    .values([...byKey.values()])
    .onConflictDoUpdate({
      target: [lorawanAirtime.radioId, lorawanAirtime.at],
      set: { seconds: sql`excluded.seconds` },
    });
  const latest = new Map<number, number>();
  for (const row of rows) {
    latest.set(row.radioId, Math.max(latest.get(row.radioId) ?? 0, row.at.getTime()));
  }
  const before = [...latest].map(([radioId, at]) => ({
    radio_id: radioId,
    before: new Date(at - AIRTIME_KEPT_MS).toISOString(),
  }));
  await tx.execute(sql`
    delete from lorawan_airtime a
    using jsonb_to_recordset(${JSON.stringify(before)}::jsonb) as v(radio_id int, before timestamptz)
    where a.radio_id = v.radio_id and a.at < v.before`);
}

export type FrameRow = { radioId: number; fCnt: number; at: Date; deviceId: string | null };

/** Radios' last frames, in the transaction of the frames' readings; one row per radio. */
export async function recordFrames(tx: Database, rows: readonly FrameRow[]): Promise<void> {
  if (rows.length === 0) return;
  await tx
    .insert(lorawanFrames)
    .values([...rows])
    .onConflictDoUpdate({
      target: lorawanFrames.radioId,
      set: { fCnt: sql`excluded.f_cnt`, at: sql`excluded.at`, deviceId: sql`excluded.device_id` },
    });
}

/** A LoRaWAN radio as a command down needs it. */
export type LorawanTarget = {
  radioId: number;
  devEui: string;
  /** The Things Stack's device id from its last uplink; null before one, or from ChirpStack. */
  deviceId: string | null;
  /** Its controls in id order: the valve command's outputs 1, 2, … */
  controlIds: number[];
};

/** The site's radio of the serial number when it has a devEUI; null for a native radio. */
export async function lorawanTarget(
  db: Database,
  siteId: number,
  serialno: string,
): Promise<LorawanTarget | null> {
  const [radio] = await db
    .select({ radioId: radios.id, devEui: radios.devEui, deviceId: lorawanFrames.deviceId })
    .from(radios)
    .leftJoin(lorawanFrames, eq(lorawanFrames.radioId, radios.id))
    .where(and(eq(radios.siteId, siteId), eq(radios.serialno, serialno)));
  if (!radio?.devEui) return null;
  const wired = await db
    .select({ id: controls.id })
    .from(controls)
    .where(eq(controls.radioId, radio.radioId))
    .orderBy(asc(controls.id));
  return {
    radioId: radio.radioId,
    devEui: radio.devEui,
    deviceId: radio.deviceId,
    controlIds: wired.map((control) => control.id),
  };
}

/** The site and device a command went to, for its native ack; null for no such command. */
export async function commandDevice(
  db: Database,
  commandId: string,
): Promise<{ siteId: number; serialno: string } | null> {
  const [row] = await db
    .select({ siteId: fieldCommands.siteId, serialno: fieldCommands.serialno })
    .from(fieldCommands)
    .where(eq(fieldCommands.id, commandId));
  return row ?? null;
}

/** Whether the command is still sent and not yet taken: one a network server may carry. */
export async function awaitingDevice(db: Database, commandId: string): Promise<boolean> {
  const [row] = await db
    .select({ status: fieldCommands.status })
    .from(fieldCommands)
    .where(eq(fieldCommands.id, commandId));
  return row?.status === 'sent';
}
