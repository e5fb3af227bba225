/**
 * Readings partitioned by month (issue 34; the rules in the domain's telemetry/retention.ts).
 * `readings` is PostgreSQL's declarative partitioning by range of `time`: one partition per UTC
 * calendar month, and a default partition that takes a reading for a month with no partition, so
 * no reading is ever refused for its time. The same SQL on PostgreSQL and PGlite: pg_partman
 * would do the making-ahead on PostgreSQL only, and the embedded database needs all of it anyway.
 *
 * - Made ahead: the worker keeps this month's and the next three months' partitions.
 * - A month whose readings sit in the default partition (a back-fill of last year, a device whose
 *   clock runs years ahead) gets its own partition too: its rows move into it in the transaction
 *   that attaches it, since PostgreSQL refuses a partition whose rows the default holds.
 * - Expiry drops whole partitions, never row by row.
 * - Migration 0037 renamed the table of a database from before partitioning to
 *   readings_unpartitioned; `finishReadingsPartitioning` moves its rows a month per transaction
 *   into the partitions before the process serves, and drops it once empty. Stopped half way, the
 *   next start goes on from the month it reached: each month's rows are deleted from the old
 *   table by the statement that inserts them into the new one, so none is lost or doubled.
 */
import {
  addMonthsUtc,
  READING_RETENTION_MONTHS_DEFAULT,
  readingPartitionMonth,
  readingPartitionName,
  readingPartitionsDue,
} from '@paddock/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { Database, Transaction } from './database.ts';

/** One lock for everything that changes the partitions, across processes and engines. */
const PARTITIONS_LOCK = sql`select pg_advisory_xact_lock(hashtext('paddock readings partitions'))`;

async function rowsOf<Row>(db: Database | Transaction, query: SQL): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}

/** A month's bounds as SQL literals: DDL takes no parameters, and these are our own instants. */
function bounds(monthStart: number): { from: SQL; to: SQL } {
  const literal = (ms: number) => sql.raw(`'${new Date(ms).toISOString()}'`);
  return { from: literal(monthStart), to: literal(addMonthsUtc(monthStart, 1)) };
}

/** The month partitions of readings (their month starts, oldest first), the default aside. */
export async function readingPartitionMonths(db: Database | Transaction): Promise<number[]> {
  const rows = await rowsOf<{ name: string }>(
    db,
    sql`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
        where i.inhparent = 'readings'::regclass`,
  );
  return rows
    .map((row) => readingPartitionMonth(row.name))
    .filter((month): month is number => month !== null)
    .sort((a, b) => a - b);
}

/**
 * Gives the month its partition, in the caller's transaction, taking the month's rows out of the
 * default partition. Answers whether it made one (false: it was there).
 */
async function addMonthPartition(tx: Transaction, monthStart: number): Promise<boolean> {
  await tx.execute(PARTITIONS_LOCK);
  if ((await readingPartitionMonths(tx)).includes(monthStart)) return false;
  const name = sql.raw(readingPartitionName(monthStart));
  const { from, to } = bounds(monthStart);
  // No reading goes into the default partition from here to the attach, which would refuse the
  // month's readings written there after the move; a writer's not yet committed is waited for and
  // moved with the rest. The lock the attach takes, taken first: a lesser one upgraded there could
  // deadlock with a transaction that read the default partition and then writes to it.
  await tx.execute(sql`lock table readings_default in access exclusive mode`);
  await tx.execute(sql`create table ${name} (like readings)`);
  await tx.execute(sql`
    with moved as (
      delete from readings_default where time >= ${from} and time < ${to}
      returning series_id, time, value)
    insert into ${name} (series_id, time, value) select series_id, time, value from moved`);
  // A check the partition bounds imply, so attaching it need not scan it again.
  await tx.execute(
    sql`alter table ${name} add constraint ${sql.raw(`${readingPartitionName(monthStart)}_month`)}
        check (time >= ${from} and time < ${to})`,
  );
  await tx.execute(
    sql`alter table readings attach partition ${name} for values from (${from}) to (${to})`,
  );
  return true;
}

/** Made-ahead partitions and the months found in the default partition: what a round made. */
export async function makeReadingPartitions(
  db: Database,
  now: number,
): Promise<{ made: string[] }> {
  const inDefault = await rowsOf<{ month: string }>(
    db,
    sql`select distinct date_trunc('month', time, 'UTC') as month from readings_default`,
  );
  const months = new Set([
    ...readingPartitionsDue(now),
    ...inDefault.map((row) => Date.parse(String(row.month))),
  ]);
  const made: string[] = [];
  for (const month of [...months].sort((a, b) => a - b)) {
    const added = await db.transaction((tx) => addMonthPartition(tx, month));
    if (added) made.push(readingPartitionName(month));
  }
  return { made };
}

/** The longest reading retention among the sites (null with no site): months past it expire. */
export async function longestReadingRetention(db: Database): Promise<number | null> {
  const [row] = await rowsOf<{ months: number | null }>(
    db,
    sql`select max(coalesce((config->>'readingRetentionMonths')::int,
                            ${READING_RETENTION_MONTHS_DEFAULT})) as months from sites`,
  );
  return row?.months === null || row?.months === undefined ? null : Number(row.months);
}

/** Drops a month's partition, its readings with it (the rollups stay). */
export async function dropReadingPartition(db: Database, monthStart: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(PARTITIONS_LOCK);
    if (!(await readingPartitionMonths(tx)).includes(monthStart)) return;
    await tx.execute(sql`drop table ${sql.raw(readingPartitionName(monthStart))}`);
  });
}

/**
 * Moves the readings of a database from before partitioning into the month partitions (module
 * comment); `progress` hears a line per month. Nothing to do on a database that never had one.
 */
export async function finishReadingsPartitioning(
  db: Database,
  progress: (line: string) => void,
): Promise<void> {
  const [old] = await rowsOf<{ found: boolean }>(
    db,
    sql`select to_regclass('readings_unpartitioned') is not null as found`,
  );
  if (old?.found !== true) return;
  // A count and an index over what may be a hundred million rows: past the statement timeout.
  const total = await db.transaction(async (tx) => {
    await tx.execute(sql`set local statement_timeout = 0`);
    const [row] = await rowsOf<{ total: number }>(
      tx,
      sql`select count(*)::float8 as total from readings_unpartitioned`,
    );
    if (Number(row?.total) > 0) {
      // The month of the oldest row left is found by this index, not by a scan per month.
      await tx.execute(
        sql`create index if not exists readings_unpartitioned_time_idx
            on readings_unpartitioned (time)`,
      );
    }
    return Number(row?.total ?? 0);
  });
  if (total > 0) {
    progress(`readings: moving ${total.toLocaleString('en')} readings into month partitions`);
  }
  let moved = 0;
  for (;;) {
    const [oldest] = await rowsOf<{ month: string | null }>(
      db,
      sql`select date_trunc('month', min(time), 'UTC') as month from readings_unpartitioned`,
    );
    if (!oldest?.month) break;
    const month = Date.parse(String(oldest.month));
    const { from, to } = bounds(month);
    const counts = await db.transaction(async (tx) => {
      await tx.execute(sql`set local statement_timeout = 0`);
      await addMonthPartition(tx, month);
      // A reading of the same series and instant already in the partitions (stored by another
      // process meanwhile) is kept as stored first, as ingest keeps a QoS 1 redelivery.
      const [row] = await rowsOf<{ taken: number; inserted: number }>(
        tx,
        sql`with moved as (
              delete from readings_unpartitioned where time >= ${from} and time < ${to}
              returning series_id, time, value),
            inserted as (
              insert into readings (series_id, time, value) select series_id, time, value from moved
              on conflict do nothing returning 1)
            select (select count(*) from moved)::int as taken,
                   (select count(*) from inserted)::int as inserted`,
      );
      return { taken: Number(row?.taken ?? 0), inserted: Number(row?.inserted ?? 0) };
    });
    moved += counts.taken;
    const already = counts.taken - counts.inserted;
    progress(
      `readings: ${readingPartitionName(month)} holds its ${counts.taken.toLocaleString('en')} readings` +
        (already > 0 ? ` (${already.toLocaleString('en')} were stored already)` : '') +
        ` — ${moved.toLocaleString('en')} of ${total.toLocaleString('en')} moved`,
    );
  }
  await db.execute(sql`drop table if exists readings_unpartitioned`);
  if (moved > 0) progress(`readings: partitioned by month, ${moved.toLocaleString('en')} moved`);
}
