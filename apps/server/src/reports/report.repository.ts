/**
 * The reports' SQL: the site and areas a report covers, the things and readings each kind of
 * report reads (water meters and tanks, a program's zones, skipped starts, faulted opens, chosen
 * series with their rollups). The reports shape the rows into documents.
 */
import type { ProgramZone, ReportSeries } from '@paddock/domain';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../db/client.ts';

type Range = { from: Date; to: Date };

/** The site's label, config and tags; undefined when it is gone. */
export async function findReportSiteRow(db: Database, siteId: number) {
  const [site] = await queryRows<{ label: string; config: unknown; tags: { country?: string } }>(
    db,
    sql`select label, config, tags from sites where id = ${siteId}`,
  );
  return site;
}

/** The site's areas by id, or only the one named. */
export async function reportAreaRows(db: Database, siteId: number, areaId: number | null) {
  return queryRows<{ id: number; label: string }>(
    db,
    areaId === null
      ? sql`select id, label from areas where site_id = ${siteId} order by id`
      : sql`select id, label from areas where site_id = ${siteId} and id = ${areaId}`,
  );
}

/** The water meters and tank level sensors of these areas of the site, by label. */
export async function waterSensorRows(db: Database, siteId: number, areaIds: readonly number[]) {
  return queryRows<{ id: number; type: string; label: string; area_id: number }>(
    db,
    sql`select id, type, label, area_id from sensors
                where site_id = ${siteId} and type in ('watermeter', 'level')
                  and area_id in (${sql.join(
                    areaIds.map((id) => sql`${id}`),
                    sql`, `,
                  )})
                order by label, id`,
  );
}

/** A sensor's readings of these metrics over the range, in time order. */
export async function sensorReadingRows(
  db: Database,
  sensorId: number,
  metrics: readonly string[],
  range: Range,
) {
  return queryRows<{ time: Date | string; value: number }>(
    db,
    sql`select r.time, r.value from series se join readings r on r.series_id = se.id
        where se.thing_type = 'sensor' and se.thing_id = ${sensorId}
          and se.metric in (${sql.join(
            metrics.map((metric) => sql`${metric}`),
            sql`, `,
          )})
          and r.time >= ${range.from.toISOString()} and r.time < ${range.to.toISOString()}
        order by r.time`,
  );
}

/** The zones of the area's program; undefined when it has none. */
export async function findProgramZones(db: Database, areaId: number) {
  const [program] = await queryRows<{ zones: ProgramZone[] }>(
    db,
    sql`select zones from programs where area_id = ${areaId}`,
  );
  return program;
}

/** Start requests of the area's program in the range that were refused or cancelled. */
export async function skippedStartRows(db: Database, areaId: number, range: Range) {
  return queryRows<{ created_at: Date | string; payload: { zones?: unknown } }>(
    db,
    sql`select r.created_at, r.payload from requests r
        join programs p on r.type = 'program' and r.target_id = p.id
        where p.area_id = ${areaId} and r.action = 'start' and r.status in ('failed', 'cancelled')
          and r.created_at >= ${range.from.toISOString()} and r.created_at < ${range.to.toISOString()}`,
  );
}

/** Open commands to the area's zone valves in the range that failed or went unanswered. */
export async function faultedOpenRows(db: Database, areaId: number, range: Range) {
  return queryRows<{ sent_at: Date | string; section: number }>(
    db,
    sql`select distinct fc.id, fc.sent_at, c.section_id as section
        from field_commands fc
        join controls c on c.area_id = ${areaId} and c.section_id is not null
          and c.type in ('valve', 'valveAddon')
          and fc.payload->'controls' @> to_jsonb(c.id)
        where fc.action = 'open' and fc.status in ('failed', 'timedOut')
          and fc.sent_at >= ${range.from.toISOString()} and fc.sent_at < ${range.to.toISOString()}`,
  );
}

/** The site's series among those chosen, with their things' labels. */
export async function chosenSeriesRows(
  db: Database,
  siteId: number,
  chosen: readonly ReportSeries[],
) {
  return queryRows<{
    id: number;
    thing_type: string;
    thing_id: number;
    metric: string;
    label: string | null;
  }>(
    db,
    sql`select se.id, se.thing_type, se.thing_id, se.metric,
          coalesce(s.label, c.label, ra.serialno, u.serialno) as label
        from series se
        left join sensors s on se.thing_type = 'sensor' and s.id = se.thing_id
        left join controls c on se.thing_type = 'control' and c.id = se.thing_id
        left join radios ra on se.thing_type = 'radio' and ra.id = se.thing_id
        left join units u on se.thing_type = 'unit' and u.id = se.thing_id
        where se.site_id = ${siteId}
          and (se.thing_type, se.thing_id, se.metric) in (${sql.join(
            chosen.map((one) => sql`(${one.thing.type}, ${one.thing.id}::int, ${one.metric})`),
            sql`, `,
          )})`,
  );
}

/**
 * Up to `limit` readings of the series from `since` (included on the first batch, after it on
 * the next) to `to`, in time order, times as epoch milliseconds.
 */
export async function readingBatchRows(
  db: Database,
  seriesId: number,
  batch: { since: string; first: boolean; to: string; limit: number },
) {
  const { since, first, to } = batch;
  return queryRows<{ ms: number; value: number }>(
    db,
    sql`select (extract(epoch from time) * 1000)::float8 as ms, value from readings
          where series_id = ${seriesId}
            and ${first ? sql`time >= ${since}` : sql`time > ${since}`}
            and time < ${to}
          order by time limit ${batch.limit}`,
  );
}

/** The series' 30-minute rollups over the range, in time order. */
export async function rollupRows(db: Database, seriesId: number, range: Range) {
  return queryRows<{
    bucket: Date | string;
    count: number;
    sum: number;
    min: number;
    max: number;
  }>(
    db,
    sql`select bucket, count, sum, min, max from reading_rollups
        where series_id = ${seriesId}
          and bucket >= ${range.from.toISOString()} and bucket < ${range.to.toISOString()}
        order by bucket`,
  );
}
