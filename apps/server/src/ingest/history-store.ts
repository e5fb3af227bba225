/**
 * Storing a farm's past in bulk (the devstack's demo history): series of (time, value) points of
 * sensors, controls, radios and units, written as ingest writes them — the same series rows
 * (found or created as ingest does) and the same readings and rollups (insertReadings) — so the
 * charts read them through the normal series endpoints, and a reading ingest also gets is stored
 * once. Without the broker and ingest's per-message work it is several times faster, which is
 * what lets a fresh demo farm have 90 days of history within minutes of its first start.
 *
 * On the embedded database a stretch is copied in (COPY, measured twice as fast as the insert of
 * insertReadings on PGlite) with its rollups summed here and merged as insertReadings merges them
 * (the 6-hour ones too, at the phases each series has), in one transaction; a reading already
 * stored makes the copy fail, and that stretch is then stored by insertReadings, which skips it.
 * A stretch is a few whole series of a site's day, about PIECE_ROWS readings: PGlite runs on the
 * server's own thread, and a person who signs in while a stretch is stored waits for that one
 * (db/lanes.ts). On PostgreSQL insertReadings is fast enough.
 */
import { PGlite } from '@electric-sql/pglite';
import type { Database } from '../db/client.ts';
import { PgliteLane } from '../db/lanes.ts';
import { findOrCreateSeries } from './catalog.repository.ts';
import { firstUserCreatedAt } from './history.repository.ts';
import { seriesKey, type WantedSeries } from './plan.ts';
import {
  insertReadings,
  rollupMerge,
  ROLLUP_6H_SECONDS,
  ROLLUP_BUCKET_SECONDS,
  type ReadingRow,
} from '../telemetry/reading.repository.ts';

/** One thing's metric over a stretch of the past: times in ms since the epoch. */
export type HistoryPoints = {
  thing: WantedSeries['type'];
  id: number;
  metric: string;
  times: ArrayLike<number>;
  values: ArrayLike<number>;
};

/** Readings per statement on PostgreSQL: enough to amortise a statement. */
const ROWS_PER_STATEMENT = 20_000;

/**
 * Readings per stretch on the embedded database: its copy and rollups take some 30 ms here, so
 * a person's statement never waits longer than that, while the load loses little to the
 * statements' own cost.
 */
const PIECE_ROWS = 2_000;

/**
 * On the embedded database a checkpoint after this many readings stored, so the write-ahead log
 * stays small (1.7 GB after 90 days of the demo farm otherwise) and each checkpoint, which runs on
 * the server's own thread, takes tens of milliseconds (20–220 ms measured), the last one too.
 */
const CHECKPOINT_EVERY_ROWS = 250_000;

export type HistoryStore = {
  /** Stores the site's points; returns how many readings were new. */
  store: (siteId: number, points: readonly HistoryPoints[]) => Promise<number>;
  /**
   * After the last store: on the embedded database, a checkpoint, which lets it recycle the
   * write-ahead log the load wrote (measured 1.7 GB after 90 days of the demo farm, 1.1 GB after).
   */
  finish: () => Promise<void>;
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

  const pglite = pgliteOf(db);
  let sinceCheckpoint = 0;

  return {
    finish: async () => {
      if (pglite) await pglite.query('checkpoint');
    },
    store: async (siteId, points) => {
      await idsFor(siteId, points);
      if (pglite) {
        let stored = 0;
        for (const piece of pieces(points, PIECE_ROWS)) {
          const copied = await copyIn(pglite, piece, seriesIds).catch(() => null);
          const count = copied ?? (await insertPoints(db, piece, seriesIds, PIECE_ROWS));
          stored += count;
          sinceCheckpoint += count;
          if (sinceCheckpoint >= CHECKPOINT_EVERY_ROWS) {
            sinceCheckpoint = 0;
            await pglite.query('checkpoint');
          }
        }
        return stored;
      }
      return insertPoints(db, points, seriesIds, ROWS_PER_STATEMENT);
    },
  };
}

/** The points in stretches of whole series, each of at least `rows` readings but the last. */
function* pieces(
  points: readonly HistoryPoints[],
  rows: number,
): Generator<readonly HistoryPoints[]> {
  let piece: HistoryPoints[] = [];
  let size = 0;
  for (const series of points) {
    piece.push(series);
    size += series.times.length;
    if (size >= rows) {
      yield piece;
      piece = [];
      size = 0;
    }
  }
  if (piece.length > 0) yield piece;
}

/** Stores the points as ingest does (insertReadings skips what is stored); answers how many were new. */
async function insertPoints(
  db: Database,
  points: readonly HistoryPoints[],
  seriesIds: ReadonlyMap<string, number>,
  rowsPerStatement: number,
): Promise<number> {
  let inserted = 0;
  let rows: ReadingRow[] = [];
  for (const { thing, id, metric, times, values } of points) {
    const seriesId = seriesIds.get(seriesKey(thing, id, metric));
    if (seriesId === undefined) throw new Error(`no series for ${thing} ${id} ${metric}`);
    for (let index = 0; index < times.length; index++) {
      rows.push({ seriesId, time: times[index] as number, value: values[index] as number });
      if (rows.length >= rowsPerStatement) {
        inserted += await insertReadings(db, rows);
        rows = [];
      }
    }
  }
  if (rows.length > 0) inserted += await insertReadings(db, rows);
  return inserted;
}

/**
 * When the farm in this database was set up: the creation of its first user, or null when it
 * has none. The simulator counts its radios' wear from it, so it carries on across restarts.
 */
export async function farmEpoch(db: Database): Promise<Date | null> {
  const epoch = await firstUserCreatedAt(db);
  return epoch === null ? null : new Date(epoch);
}

/** The embedded database as the lane of `db` sees it (db/lanes.ts), or PGlite itself. */
function pgliteOf(db: Database): Pick<PGlite, 'transaction' | 'query'> | null {
  const client = (db as { $client?: unknown }).$client;
  return client instanceof PGlite || client instanceof PgliteLane ? client : null;
}

/**
 * Copies the points into readings and merges their rollups, in one transaction; throws (and
 * stores nothing) when one of them is already stored. Returns how many were stored.
 */
async function copyIn(
  pglite: Pick<PGlite, 'transaction'>,
  points: readonly HistoryPoints[],
  seriesIds: ReadonlyMap<string, number>,
): Promise<number> {
  const stamps = new Map<number, string>();
  const lines: string[] = [];
  const rollups = { series: [] as number[], buckets: [] as number[], counts: [] as number[] };
  const sums: number[] = [];
  const mins: number[] = [];
  const maxes: number[] = [];
  for (const { thing, id, metric, times, values } of points) {
    const seriesId = seriesIds.get(seriesKey(thing, id, metric));
    if (seriesId === undefined) throw new Error(`no series for ${thing} ${id} ${metric}`);
    let bucket = Number.NaN;
    for (let index = 0; index < times.length; index++) {
      const time = times[index] as number;
      const value = values[index] as number;
      let stamp = stamps.get(time);
      if (stamp === undefined) {
        stamp = new Date(time).toISOString();
        stamps.set(time, stamp);
      }
      lines.push(`${seriesId}\t${stamp}\t${value}\n`);
      // Points come oldest first: a series' bucket is summed until the next one starts.
      const start = Math.floor(time / 1000 / ROLLUP_BUCKET_SECONDS) * ROLLUP_BUCKET_SECONDS;
      const last = rollups.counts.length - 1;
      if (start === bucket) {
        rollups.counts[last] = (rollups.counts[last] as number) + 1;
        sums[last] = (sums[last] as number) + value;
        mins[last] = Math.min(mins[last] as number, value);
        maxes[last] = Math.max(maxes[last] as number, value);
        continue;
      }
      bucket = start;
      rollups.series.push(seriesId);
      rollups.buckets.push(start);
      rollups.counts.push(1);
      sums.push(value);
      mins.push(value);
      maxes.push(value);
    }
  }
  if (lines.length === 0) return 0;
  const parameters = [
    `{${rollups.series.join(',')}}`,
    `{${rollups.buckets.join(',')}}`,
    `{${rollups.counts.join(',')}}`,
    `{${sums.join(',')}}`,
    `{${mins.join(',')}}`,
    `{${maxes.join(',')}}`,
  ];
  await pglite.transaction(async (tx) => {
    await tx.query(`copy readings (series_id, time, value) from '/dev/blob'`, [], {
      // One part, not a part per line: Node keeps each part of a Blob apart until the next full
      // collection, which then took over a second for a few hundred stretches (1.3 ms a Blob of
      // 2,000 parts, measured); joined, the copy also runs twice as fast.
      blob: new Blob([lines.join('')]),
    });
    await tx.query(
      `insert into reading_rollups (series_id, bucket, count, sum, min, max)
       select series_id, to_timestamp(bucket), count, sum, min, max
       from unnest($1::int[], $2::float8[], $3::int[], $4::float8[], $5::float8[], $6::float8[])
         as r(series_id, bucket, count, sum, min, max)
       order by 1, 2
       on conflict (series_id, bucket) do update set ${rollupMerge('reading_rollups')}`,
      parameters,
    );
    // The 6-hour rollups of the phases the series have, summed from the same 30-minute ones.
    await tx.query(
      `insert into reading_rollups_6h (series_id, phase, bucket, count, sum, min, max)
       select r.series_id, p.phase,
              to_timestamp(floor((r.bucket - p.phase * 60) / ${ROLLUP_6H_SECONDS}) * ${ROLLUP_6H_SECONDS} + p.phase * 60),
              sum(r.count), sum(r.sum), min(r.min), max(r.max)
       from unnest($1::int[], $2::float8[], $3::int[], $4::float8[], $5::float8[], $6::float8[])
         as r(series_id, bucket, count, sum, min, max)
       join reading_rollup_phases p on p.series_id = r.series_id
       group by 1, 2, 3
       order by 1, 2, 3
       on conflict (series_id, phase, bucket) do update set ${rollupMerge('reading_rollups_6h')}`,
      parameters,
    );
  });
  return lines.length;
}
