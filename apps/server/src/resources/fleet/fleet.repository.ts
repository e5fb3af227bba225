/**
 * SQL of the fleet view (issue 33 item 4): the rows that may need a person, across a set of
 * sites, one statement per kind of thing whatever the number of sites (500 for support staff).
 * Each statement narrows by what is cheap to say in SQL (an alarm raised, a radio overdue,
 * faulted or below the battery threshold, a program's last request failed, a sensor that may be
 * a fan); the rule itself (fleet/attention.ts) then judges each row.
 */
import {
  BATTERY_VOLTAGE_THRESHOLD_V,
  FAN_METRICS,
  FROST_FAN_IDENTIFIER,
  type AlarmSeverity,
  type AlarmStatus,
  type DeviceTags,
  type RequestStatus,
  type SensorTopic,
} from '@paddock/domain';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client.ts';

type Place = { siteId: number; areaId: number; areaLabel: string };

const time = (value: Date | string | null) => (value === null ? null : new Date(value));
const place = (row: { site_id: number; area_id: number; area_label: string }): Place => ({
  siteId: Number(row.site_id),
  areaId: Number(row.area_id),
  areaLabel: row.area_label,
});
const siteList = (siteIds: readonly number[]) => sql`${sql.param(siteIds)}::int[]`;

/** The sites' labels, as one JSON value (one value decodes faster than 500 rows embedded). */
export async function siteLabels(
  db: Database,
  siteIds: readonly number[],
): Promise<Map<number, string>> {
  const [row] = await queryRows<{ labels: Record<string, string> | string | null }>(
    db,
    sql`select json_object_agg(id, label) as labels from sites where id = any(${siteList(siteIds)})`,
  );
  const labels = typeof row?.labels === 'string' ? JSON.parse(row.labels) : row?.labels;
  return new Map(Object.entries(labels ?? {}).map(([id, label]) => [Number(id), String(label)]));
}

export type RaisedAlarm = Place & {
  id: number;
  label: string;
  active: boolean;
  status: AlarmStatus;
  severity: AlarmSeverity;
  raisedAt: Date | null;
  raisedValue: number | null;
};

/** The sites' alarms that are raised (acknowledged ones have a person already). */
export async function raisedAlarms(
  db: Database,
  siteIds: readonly number[],
): Promise<RaisedAlarm[]> {
  const rows = await queryRows<{
    id: number;
    label: string;
    active: boolean;
    status: AlarmStatus;
    severity: AlarmSeverity;
    site_id: number;
    area_id: number;
    area_label: string;
    raised_at: Date | string | null;
    raised_value: number | null;
  }>(
    db,
    sql`
    select a.id, a.label, a.active, st.status, a.rule->>'severity' as severity, a.site_id, a.area_id,
           ar.label as area_label, st.raised_at, st.raised_value
      from alarms a
      join alarm_states st on st.alarm_id = a.id
      join areas ar on ar.id = a.area_id
     where a.site_id = any(${siteList(siteIds)}) and st.status = 'raised'
  `,
  );
  return rows.map((row) => ({
    ...place(row),
    id: Number(row.id),
    label: row.label,
    active: row.active,
    status: row.status,
    severity: row.severity,
    raisedAt: time(row.raised_at),
    raisedValue: row.raised_value === null ? null : Number(row.raised_value),
  }));
}

export type UnwellRadio = Place & {
  id: number;
  serialno: string;
  overdue: boolean;
  fault: boolean;
  batteryValue: number | null;
  lastUpdate: Date | null;
};

/**
 * §9's battery threshold written into the statement, not sent as a parameter, so the planner
 * matches the partial index radios_attention_idx (migration 0030, whose predicate says 3.3) and
 * reads the few such radios instead of every radio.
 */
const LOW_BATTERY = sql.raw(String(BATTERY_VOLTAGE_THRESHOLD_V));

/**
 * The sites' radios that are overdue, faulted or below §9's battery threshold. Support staff's
 * call reads thousands, so they come as one text value, a line per radio (serial numbers are
 * letters, digits, - and _, so they end each line): the embedded database decodes one value many
 * times faster than thousands of rows (as GET sites reads its ids, sites/site.repository.ts).
 * Their areas' labels come in the same statement, once per area, as one JSON value.
 */
export async function unwellRadios(
  db: Database,
  siteIds: readonly number[],
): Promise<UnwellRadio[]> {
  const [listed] = await queryRows<{
    lines: string;
    labels: Record<string, string> | string | null;
  }>(
    db,
    sql`
    with unwell as (
      select r.id, r.site_id, r.area_id, r.overdue, r.fault, r.battery_value, r.last_update,
             r.serialno
        from radios r
       where r.site_id = any(${siteList(siteIds)})
         and (r.overdue or r.fault or r.battery_value < ${LOW_BATTERY})
    )
    select (select coalesce(string_agg(concat_ws(',', u.id, u.site_id, u.area_id,
                     u.overdue::int, u.fault::int, coalesce(u.battery_value::text, ''),
                     coalesce(floor(extract(epoch from u.last_update) * 1000)::bigint::text, ''),
                     u.serialno), E'\n'), '') from unwell u) as lines,
           (select json_object_agg(ar.id, ar.label) from areas ar
             where ar.id in (select u.area_id from unwell u)) as labels
  `,
  );
  if (!listed?.lines) return [];
  const labels: Record<string, string> =
    (typeof listed.labels === 'string' ? JSON.parse(listed.labels) : listed.labels) ?? {};
  return listed.lines.split('\n').map((line) => {
    const [id, siteId, areaId, overdue, fault, battery, lastUpdate, ...serialno] = line.split(',');
    return {
      siteId: Number(siteId),
      areaId: Number(areaId),
      areaLabel: labels[areaId ?? ''] ?? '',
      id: Number(id),
      serialno: serialno.join(','),
      overdue: overdue === '1',
      fault: fault === '1',
      batteryValue: battery ? Number(battery) : null,
      lastUpdate: lastUpdate ? new Date(Number(lastUpdate)) : null,
    };
  });
}

export type FailedProgram = Place & {
  id: number;
  name: string;
  lastRequest: RequestStatus;
  failedAt: Date;
  /** Why the runner failed it, when the run says. */
  reason: string | null;
};

/** The sites' programs whose last request (programs.status.requestId) failed. */
export async function failedPrograms(
  db: Database,
  siteIds: readonly number[],
): Promise<FailedProgram[]> {
  const rows = await queryRows<{
    id: number;
    name: string;
    last_request: RequestStatus;
    site_id: number;
    area_id: number;
    area_label: string;
    failed_at: Date | string;
    reason: string | null;
  }>(
    db,
    sql`
    select p.id, p.name, rq.status as last_request, ar.site_id, p.area_id, ar.label as area_label,
           coalesce(rq.updated_at, rq.created_at) as failed_at,
           case when (run.state->'request'->>'id')::int = rq.id
                then run.state->'request'->>'reason' end as reason
      from programs p
      join areas ar on ar.id = p.area_id
      join requests rq on rq.id = (p.status->>'requestId')::int
      left join program_runs run on run.program_id = p.id
     where ar.site_id = any(${siteList(siteIds)}) and rq.status = 'failed'
  `,
  );
  return rows.map((row) => ({
    ...place(row),
    id: Number(row.id),
    name: row.name,
    lastRequest: row.last_request,
    failedAt: new Date(row.failed_at),
    reason: row.reason,
  }));
}

export type FanSensor = Place & {
  id: number;
  label: string;
  tags: DeviceTags;
  topics: SensorTopic[];
  /** Its radio is overdue, and when it was last heard of. */
  overdue: boolean;
  lastUpdate: Date | null;
};

/**
 * The sites' sensors that may be frost fans: tagged as one, or reporting a fan's RPM (isFrostFan,
 * which the caller asks of each).
 */
export async function fanSensors(db: Database, siteIds: readonly number[]): Promise<FanSensor[]> {
  const rpm = JSON.stringify([{ metric: FAN_METRICS.rpm }]);
  const rows = await queryRows<{
    id: number;
    label: string;
    tags: DeviceTags;
    topics: SensorTopic[];
    site_id: number;
    area_id: number;
    area_label: string;
    overdue: boolean | null;
    last_update: Date | string | null;
  }>(
    db,
    sql`
    select s.id, s.label, s.tags, s.topics, s.site_id, s.area_id, ar.label as area_label,
           r.overdue, r.last_update
      from sensors s
      join areas ar on ar.id = s.area_id
      left join radios r on r.id = s.radio_id
     where s.site_id = any(${siteList(siteIds)})
       and (s.tags->>'identifier' = ${FROST_FAN_IDENTIFIER} or s.topics @> ${rpm}::jsonb)
  `,
  );
  return rows.map((row) => ({
    ...place(row),
    id: Number(row.id),
    label: row.label,
    tags: row.tags,
    topics: row.topics,
    overdue: row.overdue ?? false,
    lastUpdate: time(row.last_update),
  }));
}
