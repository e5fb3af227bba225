/**
 * Reading a chart series: one series' readings over a grid's window, summarised per bucket.
 * Long windows read the 30-minute rollups (a 3-year chart: ~52,600 rows instead of ~157,700);
 * a grid whose buckets do not sit on rollup boundaries reads the readings themselves, so a
 * point never mixes in readings from outside its bucket.
 *
 * Only functions PostgreSQL 15 and PGlite both have: date_bin lays fixed buckets edge to edge
 * from the grid's origin; calendar buckets get their starts once per bucket (local dates turned
 * into instants in the site's zone, so DST is PostgreSQL's own) and each row finds its bucket by
 * binary search (width_bucket) instead of a time-zone conversion per row, which measured a
 * third slower on PGlite.
 */
import { isFixedBucket, isGridAlignedTo, zonedDateTime, type SeriesGrid } from '@paddock/domain';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '../db/client.ts';
import { ROLLUP_BUCKET_SECONDS } from './store.ts';

/** Where a series query reads from. */
export type SeriesSource = 'rollups' | 'readings';

/** Rollups when every chart bucket is a whole number of rollup buckets, else the readings. */
export function seriesSource(grid: SeriesGrid): SeriesSource {
  return isGridAlignedTo(grid, ROLLUP_BUCKET_SECONDS) ? 'rollups' : 'readings';
}

/** How one calendar bucket steps in local time. */
const CALENDAR_STEP = {
  day: '1 day',
  week: '7 days',
  month: '1 month',
  quarter: '3 months',
  year: '1 year',
} as const;

/** The local date of an instant as PostgreSQL reads a timestamp, e.g. '2026-04-05'. */
function localDateText(instant: Date, timeZone: string): string {
  const { year, month, day } = zonedDateTime(instant, timeZone);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${year}-${pad(month)}-${pad(day)}`;
}

/**
 * The rows of the grid's window with `columns` and `start`, the start of each row's bucket. The
 * rows are selected behind OFFSET 0 so the planner, which cannot tell how many buckets an
 * expression makes and would sort every row to group them, assumes few groups and hashes them.
 */
function bucketedRows(seriesId: number, grid: SeriesGrid, source: SeriesSource, columns: SQL): SQL {
  const [table, time] =
    source === 'rollups' ? [sql`reading_rollups`, sql`bucket`] : [sql`readings`, sql`time`];
  const within = sql`series_id = ${seriesId}
    and ${time} >= ${grid.from.toISOString()}::timestamptz and ${time} < ${grid.to.toISOString()}::timestamptz`;
  if (isFixedBucket(grid)) {
    const stride = `${grid.size} ${grid.unit}s`;
    return sql`
      select date_bin(${stride}::interval, ${time}, ${grid.origin.toISOString()}::timestamptz) as start, ${columns}
      from ${table} where ${within} offset 0`;
  }
  // Bucket starts from the first bucket's local date to the local date where the window ends.
  const starts = sql`(
    select array_agg(local_day at time zone ${grid.timeZone}::text order by local_day)
    from generate_series(${localDateText(grid.from, grid.timeZone)}::timestamp,
                         ${localDateText(grid.to, grid.timeZone)}::timestamp,
                         ${CALENDAR_STEP[grid.unit]}::interval) as local_day)`;
  // A row before the first start (possible only where PostgreSQL puts a midnight skipped by DST
  // elsewhere than the domain does) counts in the first bucket rather than in none.
  return sql`
    select bounds.starts[greatest(width_bucket(${time}, bounds.starts), 1)] as start, ${columns}
    from ${table}, (select ${starts} as starts) as bounds where ${within} offset 0`;
}

/** One bucket's average. */
export type SeriesAverage = { start: Date; average: number };
/** One bucket's lowest and highest reading. */
export type SeriesHighLow = { start: Date; low: number; high: number };

/**
 * The average of each bucket of `grid` that holds readings of the series, oldest first; empty
 * buckets are left out. `source` defaults to the fastest exact one.
 */
export async function readSeriesAverages(
  db: Database,
  seriesId: number,
  grid: SeriesGrid,
  source: SeriesSource = seriesSource(grid),
): Promise<SeriesAverage[]> {
  const rows = bucketedRows(
    seriesId,
    grid,
    source,
    source === 'rollups' ? sql`sum, count` : sql`value as sum, 1 as count`,
  );
  const result = await queryRows<{ start: Date | string; average: number }>(
    db,
    sql`select start, sum(sum) / sum(count) as average from (${rows}) as r group by start order by start`,
  );
  return result.map((row) => ({ start: new Date(row.start), average: Number(row.average) }));
}

/** The lowest and highest reading of each bucket that holds readings; as readSeriesAverages. */
export async function readSeriesHighLows(
  db: Database,
  seriesId: number,
  grid: SeriesGrid,
  source: SeriesSource = seriesSource(grid),
): Promise<SeriesHighLow[]> {
  const rows = bucketedRows(
    seriesId,
    grid,
    source,
    source === 'rollups' ? sql`min, max` : sql`value as min, value as max`,
  );
  const result = await queryRows<{ start: Date | string; low: number; high: number }>(
    db,
    sql`select start, min(min) as low, max(max) as high from (${rows}) as r group by start order by start`,
  );
  return result.map((row) => ({
    start: new Date(row.start),
    low: Number(row.low),
    high: Number(row.high),
  }));
}

/** One bucket's lowest, highest and average reading and how many readings it holds. */
export type SeriesStats = {
  start: Date;
  low: number;
  high: number;
  average: number;
  count: number;
};

/**
 * Every summary of each bucket that holds readings, oldest first (the chart's exports: the
 * advanced csv gives them all); as readSeriesAverages.
 */
export async function readSeriesStats(
  db: Database,
  seriesId: number,
  grid: SeriesGrid,
  source: SeriesSource = seriesSource(grid),
): Promise<SeriesStats[]> {
  const rows = bucketedRows(
    seriesId,
    grid,
    source,
    source === 'rollups'
      ? sql`min, max, sum, count`
      : sql`value as min, value as max, value as sum, 1 as count`,
  );
  const result = await queryRows<{
    start: Date | string;
    low: number;
    high: number;
    average: number;
    count: number | string;
  }>(
    db,
    sql`select start, min(min) as low, max(max) as high, sum(sum) / sum(count) as average,
      sum(count) as count from (${rows}) as r group by start order by start`,
  );
  return result.map((row) => ({
    start: new Date(row.start),
    low: Number(row.low),
    high: Number(row.high),
    average: Number(row.average),
    count: Number(row.count),
  }));
}
