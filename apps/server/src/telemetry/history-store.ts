/**
 * Storing a farm's past in bulk (the devstack's demo history): series of (time, value) points of
 * sensors, controls, radios and units, written as ingest writes them — the same series rows
 * (found or created as ingest does) and the same readings and rollups (insertReadings) — so the
 * charts read them through the normal series endpoints, and a reading ingest also gets is stored
 * once. Without the broker and ingest's per-message work it is several times faster, which is
 * what lets a fresh demo farm have 90 days of history within minutes of its first start.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../db/client.ts';
import { findOrCreateSeries } from '../ingest/catalog.ts';
import { seriesKey, type WantedSeries } from '../ingest/plan.ts';
import { insertReadings, type ReadingRow } from './store.ts';

/** One thing's metric over a stretch of the past: times in ms since the epoch. */
export type HistoryPoints = {
  thing: WantedSeries['type'];
  id: number;
  metric: string;
  times: readonly number[];
  values: readonly number[];
};

/**
 * Readings per statement: enough to amortise a statement, few enough that an embedded database,
 * which runs on the server's own thread, holds it up for a fraction of a second only.
 */
const ROWS_PER_STATEMENT = 20_000;

export type HistoryStore = {
  /** Stores the site's points; returns how many readings were new. */
  store: (siteId: number, points: readonly HistoryPoints[]) => Promise<number>;
};

export function createHistoryStore(db: Database): HistoryStore {
  const seriesIds = new Map<string, number>();

  async function idsFor(siteId: number, points: readonly HistoryPoints[]): Promise<void> {
    const missing: WantedSeries[] = [];
    for (const { thing, id, metric } of points) {
      if (!seriesIds.has(seriesKey(thing, id, metric))) {
        missing.push({ siteId, type: thing, id, metric });
      }
    }
    if (missing.length === 0) return;
    for (const row of await findOrCreateSeries(db, missing)) {
      seriesIds.set(seriesKey(row.thing_type, row.thing_id, row.metric), row.id);
    }
  }

  return {
    store: async (siteId, points) => {
      await idsFor(siteId, points);
      let inserted = 0;
      let rows: ReadingRow[] = [];
      for (const { thing, id, metric, times, values } of points) {
        const seriesId = seriesIds.get(seriesKey(thing, id, metric));
        if (seriesId === undefined) throw new Error(`no series for ${thing} ${id} ${metric}`);
        for (let index = 0; index < times.length; index++) {
          rows.push({ seriesId, time: times[index] as number, value: values[index] as number });
          if (rows.length >= ROWS_PER_STATEMENT) {
            inserted += await insertReadings(db, rows);
            rows = [];
          }
        }
      }
      if (rows.length > 0) inserted += await insertReadings(db, rows);
      return inserted;
    },
  };
}

/**
 * When the farm in this database was set up: the creation of its first user, or null when it
 * has none. The simulator counts its radios' wear from it, so it carries on across restarts.
 */
export async function farmEpoch(db: Database): Promise<Date | null> {
  const rows = await queryRows<{ epoch: string | Date | null }>(
    db,
    sql`select min(created_at) as epoch from users`,
  );
  const epoch = rows[0]?.epoch ?? null;
  return epoch === null ? null : new Date(epoch);
}
