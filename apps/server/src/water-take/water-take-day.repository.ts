/**
 * The water-take job's SQL (water-take-days.ts, water-take-file.ts): the sites' zones, the days
 * (water_take_days) produced, failed or complete, and a meter's running totals.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../db/client.ts';

/** The metric a water meter reports its running total on (m³), as the simulator and devices do. */
const METER_TOTAL_METRIC = 'water.total';

type DayRow = {
  day: string;
  status: 'produced' | 'failed';
  produced_at: Date | string | null;
  amended_at: Date | string | null;
  volume: number | null;
  quality: number | null;
  error: string | null;
};

/** Every site's id, config and tags: what its time zone is read from. */
export async function siteZoneRows(db: Database) {
  return queryRows<{ id: number; config: unknown; tags: { country?: string } }>(
    db,
    sql`select id, config, tags from sites`,
  );
}

/**
 * Stores a day's file unless it is already produced with no more intervals missing; a row
 * (amended or not) when it stored it, none when it stored nothing.
 */
export async function storeProducedDay(
  db: Database,
  day: {
    consentId: number;
    date: string;
    file: string;
    volume: number | null;
    quality: number | null;
    missing: number;
    now: Date;
  },
) {
  return queryRows<{ amended: boolean }>(
    db,
    sql`insert into water_take_days
          (consent_id, day, status, attempts, file, volume, quality, missing, produced_at, error,
           modified_at)
        values (${day.consentId}, ${day.date}::date, 'produced', 1, ${day.file}, ${day.volume}, ${day.quality},
                ${day.missing}, ${day.now.toISOString()}, null, ${day.now.toISOString()})
        on conflict (consent_id, day) do update
          set status = 'produced', attempts = water_take_days.attempts + 1, file = excluded.file,
              volume = excluded.volume, quality = excluded.quality, missing = excluded.missing,
              produced_at = coalesce(water_take_days.produced_at, excluded.produced_at),
              amended_at = case when water_take_days.status = 'produced'
                                then excluded.produced_at end,
              error = null, modified_at = excluded.modified_at
          where water_take_days.status <> 'produced' or water_take_days.missing > excluded.missing
        returning amended_at is not null as amended`,
  );
}

/** Records that the day's file could not be made, unless it is produced. */
export async function recordFailure(db: Database, consentId: number, date: string, now: Date) {
  await db.execute(
    sql`insert into water_take_days (consent_id, day, status, attempts, error, modified_at)
        values (${consentId}, ${date}::date, 'failed', 1, 'The file could not be made',
                ${now.toISOString()})
        on conflict (consent_id, day) do update
          set status = 'failed', attempts = water_take_days.attempts + 1,
              error = excluded.error, modified_at = excluded.modified_at
          where water_take_days.status <> 'produced'`,
  );
}

/** The days produced with every interval known: nothing more to do for them. */
export async function completeDates(db: Database, consentId: number, from: string) {
  const rows = await queryRows<{ day: string }>(
    db,
    sql`select day::text as day from water_take_days
        where consent_id = ${consentId} and day >= ${from}::date and status = 'produced'
          and missing = 0`,
  );
  return new Set(rows.map((row) => row.day));
}

/** The stored days of the consent from `first` on. */
export async function dayStatusRows(db: Database, consentId: number, first: string) {
  return queryRows<DayRow>(
    db,
    sql`select day::text as day, status, produced_at, amended_at, volume, quality, error
        from water_take_days where consent_id = ${consentId} and day >= ${first}::date`,
  );
}

/** The day's produced file, or null. */
export async function readDayFile(
  db: Database,
  consentId: number,
  date: string,
): Promise<string | null> {
  const [row] = await queryRows<{ file: string | null }>(
    db,
    sql`select file from water_take_days
        where consent_id = ${consentId} and day = ${date}::date and status = 'produced'`,
  );
  return row?.file ?? null;
}

/** A meter's running totals (its METER_TOTAL_METRIC readings) within the window, oldest first. */
export async function meterTotalRows(
  db: Database,
  sensorId: number,
  window: { from: number; to: number },
) {
  return queryRows<{ time: Date | string; value: number }>(
    db,
    sql`select r.time, r.value
        from series se join readings r on r.series_id = se.id
        where se.thing_type = 'sensor' and se.thing_id = ${sensorId}
          and se.metric = ${METER_TOTAL_METRIC}
          and r.time >= ${new Date(window.from).toISOString()}
          and r.time <= ${new Date(window.to).toISOString()}
        order by r.time`,
  );
}
