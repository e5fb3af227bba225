/**
 * Writing readings: the one place that inserts into `readings`, so the rollups stay exact.
 * A reading whose natural key (series, time) is already stored inserts nothing and adds nothing
 * to the rollups: a QoS 1 redelivery or a device's resend never double-counts.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../db/client.ts';

/** Width of a rollup bucket. Half an hour keeps day boundaries exact in every NZ and AU zone. */
export const ROLLUP_BUCKET_SECONDS = 30 * 60;

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
  const bucket = sql.raw(String(ROLLUP_BUCKET_SECONDS));
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
             to_timestamp(floor(extract(epoch from time) / ${bucket}) * ${bucket}),
             count(*), sum(value), min(value), max(value)
      from inserted
      group by 1, 2
      -- One lock order for every writer: two ingest batches in parallel never deadlock.
      order by 1, 2
      on conflict (series_id, bucket) do update set
        count = reading_rollups.count + excluded.count,
        sum = reading_rollups.sum + excluded.sum,
        min = least(reading_rollups.min, excluded.min),
        max = greatest(reading_rollups.max, excluded.max)
    )
    select count(*)::int as inserted from inserted
  `,
  );
  return Number(result[0]?.inserted ?? 0);
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
