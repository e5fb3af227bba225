/**
 * The 6-hour rollups of a series checked against its 30-minute ones: each cell of each phase the
 * series has must hold exactly the 30-minute rollups inside it (sums to 9 digits).
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../src/db/client.ts';
import { rollup6hCell } from '../../src/telemetry/reading.repository.ts';

export type Rollup6hMismatch = {
  phase: number;
  bucket: string;
  expected: string | null;
  stored: string | null;
};

/** Cells that differ from the 30-minute rollups they cover, or are missing; none when exact. */
export async function rollup6hMismatches(
  db: Database,
  seriesId: number,
): Promise<Rollup6hMismatch[]> {
  return queryRows<Rollup6hMismatch>(
    db,
    sql`
    with expected as (
      select p.phase, ${rollup6hCell(sql`r.bucket`, sql`p.phase`)} as bucket,
             sum(r.count)::int as count, sum(r.sum) as sum, min(r.min) as min, max(r.max) as max
      from reading_rollups r join reading_rollup_phases p on p.series_id = r.series_id
      where r.series_id = ${seriesId}
      group by 1, 2
    ),
    stored as (
      select phase::int as phase, bucket, count, sum, min, max from reading_rollups_6h
      where series_id = ${seriesId}
    )
    select coalesce(e.phase, s.phase) as phase, coalesce(e.bucket, s.bucket)::text as bucket,
           concat_ws(' ', e.count, e.sum, e.min, e.max) as expected,
           concat_ws(' ', s.count, s.sum, s.min, s.max) as stored
    from expected e full join stored s on s.phase = e.phase and s.bucket = e.bucket
    where e.count is distinct from s.count or e.min is distinct from s.min
       or e.max is distinct from s.max or s.sum is null or e.sum is null
       or abs(e.sum - s.sum) > 1e-9 * greatest(1, abs(e.sum))
    order by 1, 2`,
  );
}

/** The phases the series has 6-hour rollups at. */
export async function rollup6hPhasesOf(db: Database, seriesId: number): Promise<number[]> {
  const rows = await queryRows<{ phase: number }>(
    db,
    sql`select phase from reading_rollup_phases where series_id = ${seriesId} order by phase`,
  );
  return rows.map((row) => Number(row.phase));
}
