/**
 * The rows a batch's plan reads (plan.ts CurrentRows), kept in the process: devices by serial
 * number with the things wired to them, and series ids. Both are asked of the database only on
 * a miss, so a batch of known devices and metrics costs no lookup at all.
 */
import { performance } from 'node:perf_hooks';
import type { Database } from '../db/client.ts';
import { devicesBySerialno, findOrCreateSeries, thingsOfDevices } from './catalog.repository.ts';
import {
  refusal,
  seriesKey,
  thingKey,
  wantedSeries,
  type CurrentRows,
  type DeviceRow,
  type PlanMessage,
  type WantedSeries,
} from './plan.ts';

/** How long device and thing lookups are trusted; a miss reloads at once. */
export const DEVICE_CACHE_MS = 60_000;

type DeviceEntry = DeviceRow & { loadedAt: number };

export type Catalog = {
  /** The devices and series of a batch's messages, creating series met for the first time. */
  rowsFor: (messages: readonly PlanMessage[]) => Promise<CurrentRows>;
};

export function createCatalog(db: Database): Catalog {
  const devices = new Map<string, DeviceEntry>();
  const seriesIds = new Map<string, number>();

  async function loadDevices(serialnos: string[]): Promise<Map<string, DeviceEntry | string>> {
    const rows = await devicesBySerialno(db, serialnos);
    const radioIds = rows.filter((row) => row.kind === 'radio').map((row) => row.id);
    const unitIds = rows.filter((row) => row.kind === 'unit').map((row) => row.id);
    const things = await thingsOfDevices(db, radioIds, unitIds);
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
        things: new Set(own.map(({ thing }) => thingKey(thing.type, thing.id))),
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
  async function resolveSeries(wanted: Map<string, WantedSeries>): Promise<void> {
    for (let round = 0; round < 3; round++) {
      const missing = [...wanted].filter(([key]) => !seriesIds.has(key)).map(([, value]) => value);
      if (missing.length === 0) return;
      // A series another ingest process is creating right now may show up in neither the
      // insert nor the select of findOrCreateSeries: hence the next round.
      const rows = await findOrCreateSeries(db, missing);
      for (const row of rows) {
        seriesIds.set(seriesKey(row.thing_type, row.thing_id, row.metric), row.id);
      }
    }
    throw new Error('series could not be created');
  }

  return {
    rowsFor: async (messages) => {
      const uplinks = messages.flatMap((message) => (message.uplink ? [message.uplink] : []));
      let resolved = await resolveDevices(uplinks.map((uplink) => uplink.serialno));
      // A thing the cached device does not list may have just been wired to it: look again once.
      const stale = new Set<string>();
      for (const uplink of uplinks) {
        const device = resolved.get(uplink.serialno);
        if (typeof device === 'object' && refusal(uplink, device) !== null) {
          stale.add(uplink.serialno);
        }
      }
      if (stale.size > 0) {
        const fresh = await resolveDevices(stale, stale);
        resolved = new Map([...resolved, ...fresh]);
      }
      await resolveSeries(wantedSeries(messages, resolved));
      return { devices: resolved, seriesIds };
    },
  };
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
