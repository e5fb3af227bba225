/**
 * The readings' month partitions (issue 34) on the engine the suite runs on: made ahead, a
 * reading for a month without one stored and later given its own, and the move of a database
 * from before partitioning, counted per series, stopped half way and started again.
 */
import { readingPartitionName } from '@paddock/domain';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { queryRows, type DatabaseHandle } from './client.ts';
import {
  finishReadingsPartitioning,
  makeReadingPartitions,
  readingPartitionMonths,
} from './reading-partitions.ts';
import { insertReadings } from '../telemetry/reading.repository.ts';
import { createTestDatabase } from '../../test/helpers/database.ts';

let handle: DatabaseHandle;
beforeEach(async () => {
  handle = await createTestDatabase();
});
afterEach(() => handle.close());

const at = (iso: string) => Date.parse(iso);
const names = (months: number[]) => months.map(readingPartitionName);

/** The table each stored reading of a series sits in, with its time. */
async function whereStored(seriesId: number) {
  return queryRows<{ partition: string; time: string }>(
    handle.db,
    sql`select tableoid::regclass::text as partition, time::text as time from readings
        where series_id = ${seriesId} order by time`,
  );
}

/** Readings per series: what a move must keep. */
async function countsPerSeries(table: 'readings' | 'readings_unpartitioned') {
  const rows = await queryRows<{ series_id: number; count: number }>(
    handle.db,
    sql`select series_id, count(*)::int as count from ${sql.raw(table)}
        group by series_id order by series_id`,
  );
  return Object.fromEntries(rows.map((row) => [row.series_id, Number(row.count)]));
}

describe('readings partitions', () => {
  it('are made for this month and the three ahead, once', async () => {
    const now = at('2031-03-14T12:00:00Z');
    const first = await makeReadingPartitions(handle.db, now);
    expect(first.made).toEqual([
      'readings_y2031m03',
      'readings_y2031m04',
      'readings_y2031m05',
      'readings_y2031m06',
    ]);
    expect((await makeReadingPartitions(handle.db, now)).made).toEqual([]);
    expect(names(await readingPartitionMonths(handle.db))).toEqual(
      expect.arrayContaining(first.made),
    );
  });

  it('store a reading for a month without a partition, and give that month one later', async () => {
    await insertReadings(handle.db, [
      { seriesId: 7, time: at('2019-05-02T03:00:00Z'), value: 1.5 },
      { seriesId: 7, time: at('2019-05-30T23:59:59Z'), value: 2.5 },
      { seriesId: 7, time: at('2019-06-01T00:00:00Z'), value: 3.5 },
    ]);
    expect((await whereStored(7)).map((row) => row.partition)).toEqual([
      'readings_default',
      'readings_default',
      'readings_default',
    ]);
    const { made } = await makeReadingPartitions(handle.db, at('2019-05-10T00:00:00Z'));
    // May is due as this month; June is ahead of it too.
    expect(made).toEqual(expect.arrayContaining(['readings_y2019m05', 'readings_y2019m06']));
    expect(await whereStored(7)).toEqual([
      { partition: 'readings_y2019m05', time: expect.stringMatching(/^2019-05-02/) },
      { partition: 'readings_y2019m05', time: expect.stringMatching(/^2019-05-30/) },
      { partition: 'readings_y2019m06', time: expect.stringMatching(/^2019-06-01/) },
    ]);
    // A redelivery of a stored reading still inserts nothing.
    expect(
      await insertReadings(handle.db, [
        { seriesId: 7, time: at('2019-05-02T03:00:00Z'), value: 9 },
      ]),
    ).toBe(0);
  });

  it('give a month found only in the default partition its own, whatever the date', async () => {
    await insertReadings(handle.db, [{ seriesId: 8, time: at('2041-01-15T00:00:00Z'), value: 4 }]);
    const { made } = await makeReadingPartitions(handle.db, at('2031-03-14T12:00:00Z'));
    expect(made).toContain('readings_y2041m01');
    expect((await whereStored(8)).map((row) => row.partition)).toEqual(['readings_y2041m01']);
  });

  // Two connections: PostgreSQL only. Ingest goes on while a month found in the default
  // partition is given its own (a campaign's readings of last month, the day after it ended).
  it.skipIf(!process.env.DATABASE_URL)(
    'take in a reading another connection writes to the default partition meanwhile',
    async () => {
      await insertReadings(handle.db, [
        { seriesId: 9, time: at('2018-03-02T00:00:00Z'), value: 1 },
      ]);
      // A writer's reading of the same month, not yet committed when the partition is made.
      let commit = () => {};
      const committing = new Promise<void>((resolve) => (commit = resolve));
      let written = () => {};
      const isWritten = new Promise<void>((resolve) => (written = resolve));
      const writer = handle.background.transaction(async (tx) => {
        await insertReadings(tx, [{ seriesId: 9, time: at('2018-03-20T00:00:00Z'), value: 2 }]);
        written();
        await committing;
      });
      await isWritten;
      const making = makeReadingPartitions(handle.db, at('2018-03-10T00:00:00Z'));
      let settled = false;
      void making.then(
        () => (settled = true),
        () => (settled = true),
      );
      // The writer commits once the partition's maker waits for it.
      while (!settled) {
        const [row] = await queryRows<{ waiting: number }>(
          handle.db,
          sql`select count(*)::int as waiting from pg_stat_activity
              where datname = current_database() and wait_event_type = 'Lock'`,
        );
        if (Number(row?.waiting) > 0) break;
      }
      commit();
      await writer;
      expect((await making).made).toContain('readings_y2018m03');
      expect((await whereStored(9)).map((row) => row.partition)).toEqual([
        'readings_y2018m03',
        'readings_y2018m03',
      ]);
    },
  );
});

describe('a database from before partitioning', () => {
  /** The readings table as migrations before 0037 made it, with readings across months. */
  async function oldReadings() {
    await handle.db.execute(sql`create table readings_unpartitioned (
      series_id integer not null, time timestamptz not null, value double precision not null,
      constraint readings_unpartitioned_pk primary key (series_id, time))`);
    await handle.db.execute(sql`
      insert into readings_unpartitioned (series_id, time, value)
      select 1 + (n % 5), '2024-09-20T00:00:00Z'::timestamptz + n * interval '7 hours', n * 0.5
      from generate_series(0, 999) as n`);
    return countsPerSeries('readings_unpartitioned');
  }

  it('keeps every reading: counted per series before and after, the old table gone', async () => {
    const before = await oldReadings();
    const lines: string[] = [];
    await finishReadingsPartitioning(handle.db, (line) => lines.push(line));
    expect(await countsPerSeries('readings')).toEqual(before);
    const [old] = await queryRows<{ found: boolean }>(
      handle.db,
      sql`select to_regclass('readings_unpartitioned') is not null as found`,
    );
    expect(old?.found).toBe(false);
    // 1,000 readings 7 hours apart from 20 September 2024: September to December.
    expect(names(await readingPartitionMonths(handle.db))).toEqual(
      expect.arrayContaining([
        'readings_y2024m09',
        'readings_y2024m10',
        'readings_y2024m11',
        'readings_y2024m12',
      ]),
    );
    expect(lines[0]).toBe('readings: moving 1,000 readings into month partitions');
    expect(lines.at(-1)).toBe('readings: partitioned by month, 1,000 moved');
    expect(lines).toContainEqual(expect.stringMatching(/^readings: readings_y2024m10 holds its /));
  });

  it('stopped after a month, goes on from there at the next start, losing and doubling none', async () => {
    const before = await oldReadings();
    const stopAfterFirstMonth = (line: string) => {
      if (line.includes(' holds its ')) throw new Error('the process stopped');
    };
    await expect(finishReadingsPartitioning(handle.db, stopAfterFirstMonth)).rejects.toThrow(
      'the process stopped',
    );
    // September is moved; the rest waits in the old table.
    const moved = await countsPerSeries('readings');
    const left = await countsPerSeries('readings_unpartitioned');
    for (const series of Object.keys(before)) {
      expect((moved[series] ?? 0) + (left[series] ?? 0)).toBe(before[series]);
    }
    expect(Object.keys(moved).length).toBeGreaterThan(0);

    const lines: string[] = [];
    await finishReadingsPartitioning(handle.db, (line) => lines.push(line));
    expect(await countsPerSeries('readings')).toEqual(before);
    expect(lines[0]).toMatch(/^readings: moving \d+ readings/);
  });

  it('is nothing to do on a database that never had one', async () => {
    const lines: string[] = [];
    await finishReadingsPartitioning(handle.db, (line) => lines.push(line));
    expect(lines).toEqual([]);
  });
});
