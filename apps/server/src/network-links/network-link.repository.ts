/**
 * SQL of the ingest role's network server links (issue 32): the links to run, their state, the
 * radio and sensors a devEUI names, the devices heard and each radio's last frame.
 */
import type { NetworkLinkState, SensorTopic } from '@paddock/domain';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { lorawanFrames, lorawanHeard, networkLinks, radios, sensors } from '../db/schema.ts';

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

export type RadioMatch = { id: number; serialno: string };

/** The site's radio with the devEUI, or null. */
export async function radioByDevEui(
  db: Database,
  siteId: number,
  devEui: string,
): Promise<RadioMatch | null> {
  const [row] = await db
    .select({ id: radios.id, serialno: radios.serialno })
    .from(radios)
    .where(and(eq(radios.devEui, devEui), eq(radios.siteId, siteId)));
  return row ?? null;
}

/** The sensors wired to the radio, in id order, with the metrics they list. */
export async function sensorsOfRadio(
  db: Database,
  radioId: number,
): Promise<{ id: number; metrics: string[] }[]> {
  const rows = await db
    .select({ id: sensors.id, topics: sensors.topics })
    .from(sensors)
    .where(eq(sensors.radioId, radioId))
    .orderBy(asc(sensors.id));
  return rows.map((row) => ({
    id: row.id,
    metrics: (row.topics as SensorTopic[]).map((topic) => topic.metric),
  }));
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

export async function lastFrame(
  db: Database,
  radioId: number,
): Promise<{ fCnt: number; at: Date } | null> {
  const [row] = await db
    .select({ fCnt: lorawanFrames.fCnt, at: lorawanFrames.at })
    .from(lorawanFrames)
    .where(eq(lorawanFrames.radioId, radioId));
  return row ?? null;
}

/** The radio's last frame, in the transaction of the frame's readings. */
export async function recordFrame(
  tx: Database,
  radioId: number,
  fCnt: number,
  at: Date,
): Promise<void> {
  await tx
    .insert(lorawanFrames)
    .values({ radioId, fCnt, at })
    .onConflictDoUpdate({ target: lorawanFrames.radioId, set: { fCnt, at } });
}
