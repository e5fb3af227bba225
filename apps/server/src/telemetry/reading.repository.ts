/**
 * Writing readings: the one place that inserts into `readings`, so the rollups (30-minute, and
 * 6-hour at the phases charts asked for) stay exact.
 * A reading whose natural key (series, time) is already stored inserts nothing and adds nothing
 * to the rollups: a QoS 1 redelivery or a device's resend never double-counts.
 */
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '../db/client.ts';

/** Width of a rollup bucket. Half an hour keeps day boundaries exact in every NZ and AU zone. */
export const ROLLUP_BUCKET_SECONDS = 30 * 60;

/** The half-hour rollup bucket a reading at `time` (a timestamptz expression) falls in. */
export function rollupBucket(time: SQL): SQL {
  const width = sql.raw(String(ROLLUP_BUCKET_SECONDS));
  return sql`to_timestamp(floor(extract(epoch from ${time}) / ${width}) * ${width})`;
}

/**
 * Width of a 6-hour rollup: a long chart (a year and more, in 6-hour, 12-hour or calendar
 * buckets) reads 12 times fewer rows of them than of the 30-minute ones. A site's buckets start
 * at its local midnight, which lies at a different hour of UTC in summer and in winter, so a
 * series keeps 6-hour rollups at each phase its charts have asked for (reading_rollup_phases):
 * the phase is the minute of the 6-hour UTC cycle at which its cells start (Auckland: 0 in
 * winter, 300 in summer), a multiple of 30 so the 30-minute rollups add up to them.
 */
export const ROLLUP_6H_SECONDS = 6 * 60 * 60;

/** Minutes in ROLLUP_6H_SECONDS: phases lie in [0, this). */
export const ROLLUP_6H_MINUTES = ROLLUP_6H_SECONDS / 60;

/** SQL of the start of the 6-hour cell of phase `phase` (minutes) holding `time` (timestamptz). */
export function rollup6hCell(time: SQL, phase: SQL): SQL {
  const width = sql.raw(String(ROLLUP_6H_SECONDS));
  return sql`to_timestamp(floor((extract(epoch from ${time}) - ${phase} * 60) / ${width}) * ${width} + ${phase} * 60)`;
}

/** One reading; `time` in milliseconds since the epoch (ingest has it so: no Date per reading). */
export type ReadingRow = { seriesId: number; time: number; value: number };

/**
 * Inserts readings and folds the new ones into their rollups, in one statement (so in one
 * transaction with whatever the caller runs around it). Returns how many were new.
 */
export async function insertReadings(db: Database, rows: readonly ReadingRow[]): Promise<number> {
  if (rows.length === 0) return 0;
  // Arrays as parameters: one statement, any batch size, no per-row placeholders. Written as
  // array literals here: numbers need no quoting, and the driver would escape every element.
  const seriesIds = arrayLiteral(rows, (row) => row.seriesId);
  const times = arrayLiteral(rows, (row) => row.time);
  const values = arrayLiteral(rows, (row) => row.value);
  const result = await queryRows<{ inserted: number }>(
    db,
    sql`
    with incoming as (
      -- Milliseconds to timestamptz: float8 seconds carry them exactly to the microsecond.
      select series_id, to_timestamp(time_ms / 1000) as time, value
      from unnest(${sql.param(seriesIds)}::int[], ${sql.param(times)}::float8[], ${sql.param(values)}::float8[])
        as r(series_id, time_ms, value)
    ),
    inserted as (
      insert into readings (series_id, time, value)
      select distinct on (series_id, time) series_id, time, value from incoming
      order by series_id, time
      on conflict do nothing
      returning series_id, time, value
    ),
    rolled as (
      insert into reading_rollups (series_id, bucket, count, sum, min, max)
      select series_id,
             ${rollupBucket(sql`time`)},
             count(*), sum(value), min(value), max(value)
      from inserted
      group by 1, 2
      -- One lock order for every writer: two ingest batches in parallel never deadlock.
      order by 1, 2
      on conflict (series_id, bucket) do update set ${sql.raw(rollupMerge('reading_rollups'))}
    ),
    -- A series no chart has read in 6-hour cells yet has no phase: this joins nothing.
    rolled_6h as (
      insert into reading_rollups_6h (series_id, phase, bucket, count, sum, min, max)
      select inserted.series_id, p.phase,
             ${rollup6hCell(sql`inserted.time`, sql`p.phase`)},
             count(*), sum(value), min(value), max(value)
      from inserted join reading_rollup_phases p on p.series_id = inserted.series_id
      group by 1, 2, 3
      order by 1, 2, 3
      on conflict (series_id, phase, bucket) do update set ${sql.raw(rollupMerge('reading_rollups_6h'))}
    )
    select count(*)::int as inserted from inserted
  `,
  );
  return Number(result[0]?.inserted ?? 0);
}

/**
 * How an upsert merges new readings' rollup row into the stored one: counts and sums add,
 * lowest and highest widen. The one rule for both rollup levels and every writer of them.
 */
export function rollupMerge(table: 'reading_rollups' | 'reading_rollups_6h'): string {
  return `count = ${table}.count + excluded.count, sum = ${table}.sum + excluded.sum,
    min = least(${table}.min, excluded.min), max = greatest(${table}.max, excluded.max)`;
}

/** A PostgreSQL array literal of finite numbers, e.g. `{1,2.5,-3}`. */
function arrayLiteral<T>(rows: readonly T[], value: (row: T) => number): string {
  let text = '{';
  for (let index = 0; index < rows.length; index++) {
    if (index > 0) text += ',';
    text += String(value(rows[index] as T));
  }
  return `${text}}`;
}

/**
 * Gives the series 6-hour rollups at `phases` (minutes, multiples of 30 below 360), summed from
 * its 30-minute rollups; phases it has already are left alone. From then on every write of its
 * readings keeps them. On PostgreSQL the 30-minute rollups are locked against writers meanwhile
 * (ingest waits for the copy: tens of milliseconds, once per series and phase): a batch that
 * had not yet seen the new phase, committed after the copy was read, would be missing from it.
 */
export async function addRollup6hPhases(
  db: Database,
  seriesId: number,
  phases: readonly number[],
): Promise<void> {
  const valid = phases.filter(
    (phase) =>
      Number.isInteger(phase) && phase >= 0 && phase < ROLLUP_6H_MINUTES && phase % 30 === 0,
  );
  if (valid.length === 0) return;
  await db.transaction(async (tx) => {
    await tx.execute(sql`lock table reading_rollups in share mode`);
    const added = await queryRows<{ phase: number }>(
      tx,
      sql`insert into reading_rollup_phases (series_id, phase)
          select ${seriesId}::int, phase from unnest(${sql.param(`{${valid.join(',')}}`)}::int[]) as p(phase)
          on conflict do nothing
          returning phase`,
    );
    if (added.length === 0) return;
    const newPhases = `{${added.map((row) => Number(row.phase)).join(',')}}`;
    await tx.execute(sql`
      insert into reading_rollups_6h (series_id, phase, bucket, count, sum, min, max)
      select r.series_id, p.phase, ${rollup6hCell(sql`r.bucket`, sql`p.phase`)},
             sum(r.count), sum(r.sum), min(r.min), max(r.max)
      from reading_rollups r cross join unnest(${sql.param(newPhases)}::int[]) as p(phase)
      where r.series_id = ${seriesId}
      group by 1, 2, 3
      order by 1, 2, 3`);
  });
}
