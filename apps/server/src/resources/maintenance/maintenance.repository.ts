/**
 * SQL of the maintenance worklist: a site's radios and units with their health, their areas and
 * sections, and the daily medians of their battery and signal series over the trend window.
 */
import {
  BATTERY_TREND,
  SIGNAL_TREND,
  type AirtimeUplink,
  type TrendReading,
} from '@paddock/domain';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client.ts';

export type WorklistDevice = {
  kind: 'radio' | 'unit';
  id: number;
  serialno: string;
  type: 'WVC' | 'WMR' | 'LoRa' | null;
  /** A radio's area; a unit's areas. */
  areaIds: number[];
  section: { id: number; label: string } | null;
  overdue: boolean;
  fault: boolean | null;
  online: boolean | null;
  batteryValue: number | null;
  signalValue: number | null;
  missesValue: number | null;
  lastUpdate: Date | null;
  reportIntervalSeconds: number;
};

/** The site's radios and units (units have no fault, link or battery state of their own). */
export async function devicesOfSite(db: Database, siteId: number): Promise<WorklistDevice[]> {
  const rows = await queryRows<{
    kind: 'radio' | 'unit';
    id: number;
    serialno: string;
    type: 'WVC' | 'WMR' | 'LoRa' | null;
    area_ids: number[] | null;
    section_id: number | null;
    section_label: string | null;
    overdue: boolean;
    fault: boolean | null;
    online: boolean | null;
    battery_value: number | null;
    signal_value: number | null;
    misses_value: number | null;
    last_update: Date | string | null;
    report_interval_seconds: number;
  }>(
    db,
    sql`
    select 'radio' as kind, r.id, r.serialno, r.type,
           case when r.area_id is null then '{}'::int[] else array[r.area_id] end as area_ids,
           s.id as section_id, s.label as section_label, r.overdue, r.fault, r.online,
           r.battery_value, r.signal_value, r.misses_value, r.last_update,
           r.report_interval_seconds
      from radios r left join sections s on s.id = r.section_id
      where r.site_id = ${siteId}
    union all
    select 'unit' as kind, u.id, u.serialno, null as type, u.area_ids,
           null as section_id, null as section_label, u.overdue, null as fault, null as online,
           null as battery_value, null as signal_value, null as misses_value, u.last_update,
           u.report_interval_seconds
      from units u
      where u.site_id = ${siteId}
  `,
  );
  return rows.map((row) => ({
    kind: row.kind,
    id: Number(row.id),
    serialno: row.serialno,
    type: row.type,
    areaIds: (row.area_ids ?? []).map(Number),
    section:
      row.section_id === null
        ? null
        : { id: Number(row.section_id), label: row.section_label ?? '' },
    overdue: row.overdue,
    fault: row.fault,
    online: row.online,
    batteryValue: row.battery_value === null ? null : Number(row.battery_value),
    signalValue: row.signal_value === null ? null : Number(row.signal_value),
    missesValue: row.misses_value === null ? null : Number(row.misses_value),
    lastUpdate: row.last_update === null ? null : new Date(row.last_update),
    reportIntervalSeconds: Number(row.report_interval_seconds),
  }));
}

/** A device's health history for the trends, by `${kind}:${id}` and metric. */
export type HealthHistory = Map<string, { battery: TrendReading[]; signal: TrendReading[] }>;

/** Rollup buckets sampled per day for the trends: one every 4 hours. */
const SAMPLES_PER_DAY = 6;

/**
 * Daily medians of the site's radio and unit battery and signal series over the trend window,
 * from the 30-minute rollups: of each day, the averages of the six buckets starting every 4 hours
 * (00:00, 04:00, … UTC), looked up by their exact start, so each series costs 6 index probes a
 * day instead of 48 rows a day, and a site of hundreds of radios answers in well under a second.
 * Six samples spread over the day still take in its solar top-up and its night. A day is 24 hours
 * back from `now`, as the trend counts them; its time is the mean of its samples' starts.
 */
export async function healthHistory(
  db: Database,
  siteId: number,
  now: Date,
): Promise<HealthHistory> {
  const days = Math.max(BATTERY_TREND.windowDays, SIGNAL_TREND.windowDays);
  const step = 86_400_000 / SAMPLES_PER_DAY;
  const newest = Math.floor(now.getTime() / step) * step;
  const buckets: string[] = [];
  for (let time = newest; time > now.getTime() - days * 86_400_000; time -= step) {
    if (time < now.getTime()) buckets.push(new Date(time).toISOString());
  }
  const rows = await queryRows<{
    thing_type: 'radio' | 'unit';
    thing_id: number;
    metric: 'battery' | 'signal';
    time: number;
    value: number;
  }>(
    db,
    sql`
    with sampled as (
      select s.thing_type, s.thing_id, s.metric, ru.bucket, ru.sum / ru.count as average,
             floor(extract(epoch from (${now.toISOString()}::timestamptz - ru.bucket)) / 86400) as day
        from series s join reading_rollups ru on ru.series_id = s.id
       where s.site_id = ${siteId} and s.thing_type in ('radio', 'unit')
         and s.metric in ('battery', 'signal')
         and ru.bucket = any(${sql.param(buckets)}::timestamptz[])
    )
    select thing_type, thing_id, metric,
           avg(extract(epoch from bucket)) * 1000 as time,
           percentile_cont(0.5) within group (order by average) as value
      from sampled
     group by thing_type, thing_id, metric, day
  `,
  );
  const history: HealthHistory = new Map();
  for (const row of rows) {
    const key = `${row.thing_type}:${row.thing_id}`;
    let entry = history.get(key);
    if (!entry) {
      entry = { battery: [], signal: [] };
      history.set(key, entry);
    }
    entry[row.metric].push({ time: Number(row.time), value: Number(row.value) });
  }
  return history;
}

/** The site's areas, id and label. */
export async function areaLabels(db: Database, siteId: number): Promise<Map<number, string>> {
  const rows = await queryRows<{ id: number; label: string }>(
    db,
    sql`select id, label from areas where site_id = ${siteId}`,
  );
  return new Map(rows.map((row) => [Number(row.id), row.label]));
}

/**
 * The air time of each LoRaWAN uplink of the site's radios since `since` (lorawan_airtime, issue
 * 32 item 4), by radio id, oldest first; radios on no network server link have none.
 */
export async function airtimeOfSite(
  db: Database,
  siteId: number,
  since: Date,
): Promise<Map<number, AirtimeUplink[]>> {
  const rows = await queryRows<{ radio_id: number; at: Date | string; seconds: number }>(
    db,
    sql`select a.radio_id, a.at, a.seconds
          from lorawan_airtime a
          join radios r on r.id = a.radio_id
         where r.site_id = ${siteId} and a.at > ${since.toISOString()}
         order by a.radio_id, a.at`,
  );
  const byRadio = new Map<number, AirtimeUplink[]>();
  for (const row of rows) {
    const radioId = Number(row.radio_id);
    const uplinks = byRadio.get(radioId) ?? [];
    uplinks.push({ at: new Date(row.at), airtimeSeconds: Number(row.seconds) });
    byRadio.set(radioId, uplinks);
  }
  return byRadio;
}
