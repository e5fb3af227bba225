/**
 * Reading a chart series: one series' readings over a grid's window, summarised per bucket.
 * Long windows read rollups: the 6-hour ones when the chart's buckets are whole numbers of them
 * (a 3-year chart in 12-hour buckets: ~4,400 rows), else the 30-minute ones (~52,600 rows instead
 * of ~157,700 readings); a grid whose buckets do not sit on rollup boundaries reads the readings
 * themselves, so a point never mixes in readings from outside its bucket.
 *
 * Only functions PostgreSQL 15 and PGlite both have: date_bin lays fixed buckets edge to edge
 * from the grid's origin; calendar buckets get their starts once per bucket (local dates turned
 * into instants in the site's zone, so DST is PostgreSQL's own) and each row finds its bucket by
 * binary search (width_bucket) instead of a time-zone conversion per row, which measured a
 * third slower on PGlite.
 */
import {
  isFixedBucket,
  isGridAlignedTo,
  timeZoneOffsetMs,
  zonedDateTime,
  type SeriesGrid,
} from '@paddock/domain';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '../db/client.ts';
import {
  addRollup6hPhases,
  ROLLUP_6H_MINUTES,
  ROLLUP_6H_SECONDS,
  ROLLUP_BUCKET_SECONDS,
} from './reading.repository.ts';

/** Where a series query reads from. */
export type SeriesSource = 'rollups-6h' | 'rollups' | 'readings';

const MINUTE_MS = 60_000;
const FIXED_UNIT_MS = { minute: MINUTE_MS, hour: 60 * MINUTE_MS } as const;

/**
 * The 6-hour rollups when every chart bucket can be a whole number of them (fixed buckets of 6
 * or 12 hours; calendar buckets, whose days of a daylight-saving change still read the
 * 30-minute ones); else the 30-minute rollups when every chart bucket is a whole number of
 * those; else the readings.
 */
export function seriesSource(grid: SeriesGrid): SeriesSource {
  if (!isGridAlignedTo(grid, ROLLUP_BUCKET_SECONDS)) return 'readings';
  if (!isFixedBucket(grid)) return 'rollups-6h';
  const lengthMs = grid.size * FIXED_UNIT_MS[grid.unit];
  return lengthMs % (ROLLUP_6H_SECONDS * 1000) === 0 ? 'rollups-6h' : 'rollups';
}

/** The phase (minute of the 6-hour UTC cycle) an instant lies at. */
function phaseAt(ms: number): number {
  const minutes = Math.floor(ms / MINUTE_MS);
  return ((minutes % ROLLUP_6H_MINUTES) + ROLLUP_6H_MINUTES) % ROLLUP_6H_MINUTES;
}

/**
 * The phases the grid's buckets start at: its origin for fixed buckets; for calendar buckets,
 * local midnight under each offset the zone has around the window (standard and summer time).
 * Only a speed matter: a bucket whose edges lie at no phase the series has reads the 30-minute
 * rollups.
 */
function gridPhases(grid: SeriesGrid): number[] {
  if (isFixedBucket(grid)) return [phaseAt(grid.origin.getTime())];
  const year = new Date(grid.to.getTime()).getUTCFullYear();
  const instants = [
    grid.from.getTime(),
    grid.to.getTime(),
    Date.UTC(year, 0, 15),
    Date.UTC(year, 6, 15),
  ];
  const phases = instants.map((ms) => phaseAt(-timeZoneOffsetMs(new Date(ms), grid.timeZone)));
  return [...new Set(phases)].filter((phase) => phase % 30 === 0);
}

/** The series' 6-hour phases, first adding those the grid asks for that it lacks. */
async function rollup6hPhases(db: Database, seriesId: number, grid: SeriesGrid): Promise<number[]> {
  const rows = await queryRows<{ phase: number }>(
    db,
    sql`select phase from reading_rollup_phases where series_id = ${seriesId}`,
  );
  const phases = new Set(rows.map((row) => Number(row.phase)));
  const missing = gridPhases(grid).filter((phase) => !phases.has(phase));
  if (missing.length > 0) {
    await addRollup6hPhases(db, seriesId, missing);
    for (const phase of missing) phases.add(phase);
  }
  return [...phases];
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

/** The SQL of the bucket starts of a calendar grid, as an array of instants. */
function calendarStarts(grid: SeriesGrid & { unit: keyof typeof CALENDAR_STEP }): SQL {
  // Bucket starts from the first bucket's local date to the local date where the window ends.
  return sql`(
    select array_agg(local_day at time zone ${grid.timeZone}::text order by local_day)
    from generate_series(${localDateText(grid.from, grid.timeZone)}::timestamp,
                         ${localDateText(grid.to, grid.timeZone)}::timestamp,
                         ${CALENDAR_STEP[grid.unit]}::interval) as local_day)`;
}

/** SQL of the phase (minute of the 6-hour UTC cycle) of a timestamptz. */
function phaseOf(time: SQL): SQL {
  const cycle = sql.raw(String(ROLLUP_6H_MINUTES));
  // date_part: a float; extract gives a numeric, several times slower to work with.
  return sql`((floor(date_part('epoch', ${time}) / 60)::bigint % ${cycle} + ${cycle}) % ${cycle})`;
}

/** The columns a summary reads from each source: rollup rows, or readings as one-row rollups. */
type SourceColumns = { rollups: SQL; readings: SQL };

/**
 * The rows of the grid's window with their columns and `start`, the start of each row's bucket.
 * The rows are selected behind OFFSET 0 so the planner, which cannot tell how many buckets an
 * expression makes and would sort every row to group them, assumes few groups and hashes them.
 * `phases`: the 6-hour phases the series has (for source rollups-6h). `rawFrom`: the first
 * instant of raw readings the site keeps (its retention); a window from the readings that starts
 * earlier reads the half-hour rollups before it, since the readings there are gone.
 */
function bucketedRows(
  seriesId: number,
  grid: SeriesGrid,
  source: SeriesSource,
  columns: SourceColumns,
  phases: readonly number[] = [],
  rawFrom?: Date,
): SQL {
  if (source === 'rollups-6h' && isFixedBucket(grid)) {
    const phase = phaseAt(grid.origin.getTime());
    const lengthMs = grid.size * FIXED_UNIT_MS[grid.unit];
    // Every bucket edge lies at the origin's phase: its cells tile the window exactly.
    if (phases.includes(phase) && lengthMs % (ROLLUP_6H_SECONDS * 1000) === 0) {
      const stride = `${grid.size} ${grid.unit}s`;
      return sql`
        select date_bin(${stride}::interval, bucket, ${grid.origin.toISOString()}::timestamptz) as start, ${columns.rollups}
        from reading_rollups_6h
        where series_id = ${seriesId} and phase = ${phase}
          and bucket >= ${instant(grid.from)} and bucket < ${instant(grid.to)}
        offset 0`;
    }
    source = 'rollups';
  }
  if (source === 'rollups-6h' && !isFixedBucket(grid)) {
    if (phases.length > 0) return calendarRows6h(seriesId, grid, columns.rollups, phases);
    source = 'rollups';
  }
  const rollups = { table: sql`reading_rollups`, time: sql`bucket`, columns: columns.rollups };
  if (source === 'rollups') return rangeRows(seriesId, grid, rollups, grid.from, grid.to);
  const readings = { table: sql`readings`, time: sql`time`, columns: columns.readings };
  if (!rawFrom || rawFrom <= grid.from) {
    return rangeRows(seriesId, grid, readings, grid.from, grid.to);
  }
  const cut = rawFrom < grid.to ? rawFrom : grid.to;
  return sql`(${rangeRows(seriesId, grid, rollups, grid.from, cut)})
    union all (${rangeRows(seriesId, grid, readings, cut, grid.to)})`;
}

const instant = (date: Date): SQL => sql`${date.toISOString()}::timestamptz`;

/** The rows of one table of a series from `from` (inclusive) to `to`, each with its bucket's start. */
function rangeRows(
  seriesId: number,
  grid: SeriesGrid,
  source: { table: SQL; time: SQL; columns: SQL },
  from: Date,
  to: Date,
): SQL {
  const { table, time, columns } = source;
  const within = sql`series_id = ${seriesId} and ${time} >= ${instant(from)} and ${time} < ${instant(to)}`;
  if (isFixedBucket(grid)) {
    const stride = `${grid.size} ${grid.unit}s`;
    return sql`
      select date_bin(${stride}::interval, ${time}, ${grid.origin.toISOString()}::timestamptz) as start, ${columns}
      from ${table} where ${within} offset 0`;
  }
  // A row before the first start (possible only where PostgreSQL puts a midnight skipped by DST
  // elsewhere than the domain does) counts in the first bucket rather than in none.
  return sql`
    select bounds.starts[greatest(width_bucket(${time}, bounds.starts), 1)] as start, ${columns}
    from ${table}, (select ${calendarStarts(grid)} as starts) as bounds where ${within} offset 0`;
}

/**
 * Calendar buckets from the 6-hour rollups: each bucket whose two edges lie at one phase the
 * series has is read from the 6-hour cells of that phase, which tile it; the others (a day,
 * week or month holding a daylight-saving change, where the edges' phases differ) from the
 * 30-minute rollups. Consecutive buckets of one phase make one run, read as one range of the
 * primary key (3 years of days in Auckland: 7 runs and 6 days apart; each a lateral subquery
 * behind OFFSET 0, or the planner hashes every cell of the series against every run); a row
 * finds its bucket as in the other sources (width_bucket). The buckets are worked out once
 * (materialized).
 */
function calendarRows6h(
  seriesId: number,
  grid: SeriesGrid & { unit: keyof typeof CALENDAR_STEP },
  columns: SQL,
  phases: readonly number[],
): SQL {
  const from = sql`${grid.from.toISOString()}::timestamptz`;
  const to = sql`${grid.to.toISOString()}::timestamptz`;
  const phaseList = sql`${sql.param(`{${phases.join(',')}}`)}::int[]`;
  return sql`
    with bounds as materialized (select ${calendarStarts(grid)} as starts),
    buckets as materialized (
      select i, start, lo, hi,
             case when lo_phase = hi_phase and lo_phase = any(${phaseList}) then lo_phase end as phase
      from (
        select i, start, lo, hi, ${phaseOf(sql`lo`)} as lo_phase, ${phaseOf(sql`hi`)} as hi_phase
        from (
          select i, bounds.starts[i] as start,
                 case when i = 1 then ${from} else greatest(bounds.starts[i], ${from}) end as lo,
                 case when i = cardinality(bounds.starts) then ${to}
                      else least(bounds.starts[i + 1], ${to}) end as hi
          from bounds, generate_subscripts(bounds.starts, 1) as i
        ) as edges
      ) as phased
    ),
    runs as materialized (
      select phase, min(lo) as lo, max(hi) as hi
      from (select phase, lo, hi, i - row_number() over (partition by phase order by i) as run
            from buckets where phase is not null) as numbered
      group by phase, run
    )
    select bounds.starts[greatest(width_bucket(c.bucket, bounds.starts), 1)] as start, ${columns}
    from bounds, runs, lateral (
      select bucket, ${columns} from reading_rollups_6h
      where series_id = ${seriesId} and phase = runs.phase and bucket >= runs.lo and bucket < runs.hi
      offset 0) as c
    union all
    select b.start, ${columns} from buckets b, lateral (
      select ${columns} from reading_rollups
      where series_id = ${seriesId} and bucket >= b.lo and bucket < b.hi
      offset 0) as r
    where b.phase is null and b.lo < b.hi`;
}

/**
 * Each bucket's `aggregates` (named `fields`) over the grid from `source`, oldest first, with its
 * start in milliseconds. The buckets come as one JSON array in one row: the embedded database's
 * driver decodes each field of each row in JavaScript, which for 2,000 buckets cost more than
 * the query; JSON.parse reads them at once. The numbers are PostgreSQL's own float8 text, so
 * they read back exactly.
 */
async function summarised<Field extends string>(
  db: Database,
  seriesId: number,
  grid: SeriesGrid,
  source: SeriesSource,
  columns: SourceColumns,
  aggregates: SQL,
  fields: readonly Field[],
  rawFrom: Date | undefined,
): Promise<Array<{ start: number } & Record<Field, number>>> {
  const phases = source === 'rollups-6h' ? await rollup6hPhases(db, seriesId, grid) : [];
  const rows = bucketedRows(seriesId, grid, source, columns, phases, rawFrom);
  const values = sql.raw(fields.map((field) => `g.${field}`).join(', '));
  const [result] = await queryRows<{ buckets: unknown }>(
    db,
    sql`select json_agg(json_build_array(date_part('epoch', g.start) * 1000, ${values})
                        order by g.start)::text as buckets
        from (select r.start, ${aggregates} from (${rows}) as r group by r.start) as g`,
  );
  const text = result?.buckets;
  if (typeof text !== 'string') return [];
  return (JSON.parse(text) as unknown[][]).map((bucket) => {
    const row: Record<string, number> = { start: Number(bucket[0]) };
    // Number: a sum too large for a float comes as the text "Infinity".
    fields.forEach((field, index) => (row[field] = Number(bucket[index + 1])));
    return row as { start: number } & Record<Field, number>;
  });
}

/** One bucket's average. */
export type SeriesAverage = { start: Date; average: number };
/** One bucket's lowest and highest reading. */
export type SeriesHighLow = { start: Date; low: number; high: number };

/**
 * The average of each bucket of `grid` that holds readings of the series, oldest first; empty
 * buckets are left out. `source` defaults to the fastest exact one; `rawFrom` as bucketedRows.
 */
export async function readSeriesAverages(
  db: Database,
  seriesId: number,
  grid: SeriesGrid,
  source: SeriesSource = seriesSource(grid),
  rawFrom?: Date,
): Promise<SeriesAverage[]> {
  const result = await summarised(
    db,
    seriesId,
    grid,
    source,
    { rollups: sql`sum, count`, readings: sql`value as sum, 1 as count` },
    sql`sum(sum) / sum(count) as average`,
    ['average'],
    rawFrom,
  );
  return result.map((row) => ({ start: new Date(row.start), average: row.average }));
}

/** The lowest and highest reading of each bucket that holds readings; as readSeriesAverages. */
export async function readSeriesHighLows(
  db: Database,
  seriesId: number,
  grid: SeriesGrid,
  source: SeriesSource = seriesSource(grid),
  rawFrom?: Date,
): Promise<SeriesHighLow[]> {
  const result = await summarised(
    db,
    seriesId,
    grid,
    source,
    { rollups: sql`min, max`, readings: sql`value as min, value as max` },
    sql`min(min) as low, max(max) as high`,
    ['low', 'high'],
    rawFrom,
  );
  return result.map((row) => ({ start: new Date(row.start), low: row.low, high: row.high }));
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
  rawFrom?: Date,
): Promise<SeriesStats[]> {
  const result = await summarised(
    db,
    seriesId,
    grid,
    source,
    {
      rollups: sql`min, max, sum, count`,
      readings: sql`value as min, value as max, value as sum, 1 as count`,
    },
    sql`min(min) as low, max(max) as high, sum(sum) / sum(count) as average,
      sum(count) as count`,
    ['low', 'high', 'average', 'count'],
    rawFrom,
  );
  return result.map(({ start, ...stats }) => ({ start: new Date(start), ...stats }));
}
