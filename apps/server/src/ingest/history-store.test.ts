/**
 * The history store (the demo farm's past): what it stores is what ingest's insertReadings
 * would have stored — the same readings and the same rollups — whichever way it writes, and a
 * reading already stored is stored once.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/client.ts';
import { createHistoryStore, farmEpoch, type HistoryPoints } from './history-store.ts';
import { addRollup6hPhases, insertReadings } from '../telemetry/reading.repository.ts';
import { rollup6hMismatches, rollup6hPhasesOf } from '../../test/helpers/rollups.ts';
import { buildTestApp, type TestApp } from '../../test/helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const start = Date.parse('2026-08-27T03:05:00Z');
const points = (id: number, metric: string, from: number, count: number): HistoryPoints => ({
  thing: 'sensor',
  id,
  metric,
  times: Array.from({ length: count }, (_, index) => from + index * 600_000),
  // A value of the time, so overlapping stretches agree.
  values: Array.from(
    { length: count },
    (_, index) => Math.round(Math.sin((from + index * 600_000) / 4_000_000) * 1000) / 10,
  ),
});

type Row = {
  series: number;
  at: string;
  count?: number;
  sum?: number;
  min?: number;
  max?: number;
  value?: number;
};

async function rowsOf(ids: number[]) {
  const readings = await queryRows<Row>(
    t.db,
    sql`select series_id as series, time::text as at, value from readings
        where series_id = any(${sql.param(ids)}::int[]) order by 1, 2`,
  );
  const rollups = await queryRows<Row>(
    t.db,
    sql`select series_id as series, bucket::text as at, count, round(sum::numeric, 9)::float8 as sum, min, max
        from reading_rollups where series_id = any(${sql.param(ids)}::int[]) order by 1, 2`,
  );
  return { readings, rollups };
}

async function seriesId(sensorId: number, metric: string): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    t.db,
    sql`select id from series where thing_type = 'sensor' and thing_id = ${sensorId} and metric = ${metric}`,
  );
  return rows[0]?.id ?? -1;
}

describe('the history store', () => {
  it('stores the readings and rollups insertReadings stores, in stretches that share buckets', async () => {
    const sensor = t.farm.sensors.soil.id;
    const store = createHistoryStore(t.db);
    const site = t.farm.sites.a.id;
    // Two stretches whose edge falls inside a 30-minute bucket, the later one stored first.
    expect(await store.store(site, [points(sensor, 'history.a', start + 5 * 600_000, 7)])).toBe(7);
    expect(await store.store(site, [points(sensor, 'history.a', start, 5)])).toBe(5);
    const stored = await seriesId(sensor, 'history.a');

    await t.db.execute(
      sql`insert into series (site_id, thing_type, thing_id, metric) values (${site}, 'sensor', ${sensor}, 'history.b')`,
    );
    const reference = await seriesId(sensor, 'history.b');
    const all = points(sensor, 'history.a', start, 12);
    await insertReadings(
      t.db,
      Array.from(all.times, (time, index) => ({
        seriesId: reference,
        time,
        value: all.values[index] as number,
      })),
    );
    const mine = await rowsOf([stored]);
    const theirs = await rowsOf([reference]);
    const strip = (rows: Row[]) => rows.map(({ series: _, ...rest }) => rest);
    expect(strip(mine.readings)).toEqual(strip(theirs.readings));
    expect(strip(mine.rollups)).toEqual(strip(theirs.rollups));
    expect(mine.readings).toHaveLength(12);
  });

  it('stores a reading already stored once', async () => {
    const sensor = t.farm.sensors.soil.id;
    const store = createHistoryStore(t.db);
    const site = t.farm.sites.a.id;
    await store.store(site, [points(sensor, 'history.c', start, 6)]);
    // Overlapping the first: three new, three already there.
    expect(await store.store(site, [points(sensor, 'history.c', start + 3 * 600_000, 6)])).toBe(3);
    const { readings, rollups } = await rowsOf([await seriesId(sensor, 'history.c')]);
    expect(readings).toHaveLength(9);
    expect(rollups.reduce((sum, row) => sum + (row.count ?? 0), 0)).toBe(9);
  });

  it('keeps the 6-hour rollups of the phases a series has', async () => {
    const sensor = t.farm.sensors.soil.id;
    const store = createHistoryStore(t.db);
    const site = t.farm.sites.a.id;
    await store.store(site, [points(sensor, 'history.d', start, 100)]);
    const id = await seriesId(sensor, 'history.d');
    await addRollup6hPhases(t.db, id, [0, 300]);
    expect(await rollup6hPhasesOf(t.db, id)).toEqual([0, 300]);
    // A stretch sharing 6-hour cells with the first, and one already partly stored.
    await store.store(site, [points(sensor, 'history.d', start + 100 * 600_000, 200)]);
    await store.store(site, [points(sensor, 'history.d', start + 250 * 600_000, 100)]);
    expect(await rollup6hMismatches(t.db, id)).toEqual([]);
    const counted = await queryRows<{ phase: number; count: number }>(
      t.db,
      sql`select phase, sum(count)::int as count from reading_rollups_6h where series_id = ${id}
          group by phase order by phase`,
    );
    expect(counted).toEqual([
      { phase: 0, count: 350 },
      { phase: 300, count: 350 },
    ]);
  });

  it("knows when the farm began: its first user's creation", async () => {
    const epoch = await farmEpoch(t.db);
    expect(epoch).toBeInstanceOf(Date);
    expect(Math.abs((epoch as Date).getTime() - Date.now())).toBeLessThan(3_600_000);
  });
});
