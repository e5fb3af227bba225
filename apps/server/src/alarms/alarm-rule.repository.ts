/**
 * What the rule evaluations read: the alarms each kind of rule judges (with their area and site),
 * the overdue flags of the hardware the overdue rules watch, and the set-point screen with the
 * rules it names. Each runs in the evaluation's transaction.
 */
import { ALARM_TEMPLATES } from '@paddock/domain';
import { and, inArray, sql } from 'drizzle-orm';
import { queryRows, type Database } from '../db/client.ts';
import { alarms, radios, sensors, units } from '../db/schema.ts';
import {
  evaluated,
  loadAlarmContexts,
  type AlarmContext,
  type AlarmRow,
  type StateRow,
} from './alarm.repository.ts';

/** The evaluated alarms of these overdue templates. */
export async function loadOverdueAlarmContexts(
  tx: Database,
  templates: number[],
): Promise<AlarmContext[]> {
  return loadAlarmContexts(
    tx,
    and(evaluated, inArray(sql`((${alarms.rule}->>'template')::integer)`, templates)),
  );
}

/** The overdue flags of the radios and units of these areas, radios first. */
export async function overdueHardwareOfAreas(tx: Database, areaIds: number[]) {
  const radioRows = await tx
    .select({
      id: radios.id,
      areaId: radios.areaId,
      serialno: radios.serialno,
      config: radios.config,
      overdue: radios.overdue,
    })
    .from(radios)
    .where(inArray(radios.areaId, areaIds));
  const unitRows = await tx
    .select({
      id: units.id,
      areaIds: units.areaIds,
      serialno: units.serialno,
      overdue: units.overdue,
    })
    .from(units)
    .where(
      sql`${units.areaIds} && ${sql.raw(`ARRAY[${areaIds.map(Number).join(',')}]::integer[]`)}`,
    );
  return { radioRows, unitRows };
}

/**
 * The evaluated "fan should be running" alarms, of the areas of the sensors heard when given
 * (else of every area).
 */
export async function loadFanShouldRunContexts(
  tx: Database,
  heardSensors: readonly number[] | undefined,
): Promise<AlarmContext[]> {
  return loadAlarmContexts(
    tx,
    and(
      evaluated,
      sql`((${alarms.rule}->>'template')::integer) = ${ALARM_TEMPLATES.fanShouldRun}`,
      // The batch's sensors as one array parameter: a list of placeholders (inArray) costs a
      // parameter per sensor to build and to parse, after every batch.
      heardSensors
        ? sql`${alarms.areaId} in (select ${sensors.areaId} from ${sensors}
              where ${sensors.id} = any(${sql.param(`{${heardSensors.join(',')}}`)}::int[]))`
        : undefined,
    ),
  );
}

/** The evaluated alarms of these ids. */
export async function loadEvaluatedAlarmContexts(
  tx: Database,
  alarmIds: number[],
): Promise<AlarmContext[]> {
  return loadAlarmContexts(tx, and(evaluated, inArray(alarms.id, alarmIds)));
}

/**
 * The set-point screen: the evaluated alarms on these things with their row version, the
 * current value of the rule's metric on the target and the state as stored (unlocked).
 */
export async function screenSetPointAlarms(
  tx: Database,
  targetType: 'sensor' | 'control',
  ids: number[],
) {
  const things = sql.raw(targetType === 'sensor' ? 'sensors' : 'controls');
  return queryRows<{
    id: number;
    version: string;
    last_value: number | null;
    timestamp: string | null;
    status: StateRow['status'] | null;
    holding_since: Date | string | null;
    clearing_since: Date | string | null;
  }>(
    tx,
    sql`
    select a.id, a.xmin::text as version, v.last_value, v.timestamp,
           st.status, st.holding_since, st.clearing_since
    from alarms a
    join areas ar on ar.id = a.area_id
    join ${things} th on th.id = (a.rule->>'target')::integer
    left join alarm_states st on st.alarm_id = a.id
    left join lateral (
      select (t->>'lastValue')::float8 as last_value, t->>'timestamp' as timestamp
      from jsonb_array_elements(th.topics) t
      where t->>'metric' = a.rule->'conditions'->'all'->0->>'path' limit 1
    ) v on true
    where a.active and ar.alarms_active and coalesce((a.rule->>'enabled')::boolean, true)
      and a.rule->>'targetType' = ${targetType}
      and (a.rule->>'target')::integer = any(${sql.param(`{${ids.join(',')}}`)}::int[])
    order by a.id`,
  );
}

/** The rules of these alarms with the row version (xmin) they are read at. */
export async function readAlarmRules(tx: Database, alarmIds: readonly number[]) {
  return queryRows<{ id: number; version: string; rule: AlarmRow['rule'] }>(
    tx,
    sql`select id, xmin::text as version, rule from alarms
          where id = any(${sql.param(`{${alarmIds.join(',')}}`)}::int[])`,
  );
}
