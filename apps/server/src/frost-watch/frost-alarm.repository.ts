/**
 * The alarms the frost watch raises on its own (issue 31), each made from its template the first
 * time it is needed and kept, so an area's admin may give it contacts or turn it off like any
 * other: a frost area's "Frost forecast" (template 102) and a fan's "Fan failed to start" (103).
 * Here, beside the watch, so the frost folder's SQL never reaches into the alarms'.
 */
import { ALARM_TEMPLATE_LABELS, ALARM_TEMPLATES, alarmRuleFromTemplate } from '@paddock/domain';
import { and } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { alarms } from '../db/schema.ts';
import {
  evaluated,
  insertAlarm,
  loadAlarmContexts,
  templateAlarmsOf,
} from '../alarms/alarm.repository.ts';

const forecastAlarmOf = (areaId: number) => templateAlarmsOf(areaId, ALARM_TEMPLATES.frostForecast);

/** The area's "Frost forecast" alarms, whether on or off. */
export async function forecastAlarmIds(tx: Database, areaId: number) {
  return tx.select({ id: alarms.id }).from(alarms).where(forecastAlarmOf(areaId));
}

/** The area's "Frost forecast" alarms that are evaluated (on, with the area's alarms on). */
export async function evaluatedForecastAlarms(tx: Database, areaId: number) {
  return loadAlarmContexts(tx, and(evaluated, forecastAlarmOf(areaId)));
}

/** The area's "Frost forecast" alarm, made the first time the area warns. */
export async function insertForecastAlarm(tx: Database, area: { areaId: number; siteId: number }) {
  const rule = alarmRuleFromTemplate(ALARM_TEMPLATES.frostForecast, {
    target: area.areaId,
    targetType: 'area',
  });
  await insertAlarm(tx, { areaId: area.areaId, siteId: area.siteId, active: true, rule });
}

/** The fan's "Fan failed to start" alarm, when it has one. */
export async function findFanFailedToStartAlarm(tx: Database, areaId: number, fanId: number) {
  const [row] = await tx
    .select({ id: alarms.id })
    .from(alarms)
    .where(templateAlarmsOf(areaId, ALARM_TEMPLATES.fanFailedToStart, fanId));
  return row?.id ?? null;
}

/**
 * The fan's "Fan failed to start" alarm: made the first time a start from the console fails,
 * then kept. The caller holds the fan's lock.
 */
export async function fanFailedToStartAlarm(
  tx: Database,
  fan: { areaId: number; siteId: number; fanId: number; fanLabel: string },
): Promise<number> {
  const existing = await findFanFailedToStartAlarm(tx, fan.areaId, fan.fanId);
  if (existing !== null) return existing;
  const rule = alarmRuleFromTemplate(ALARM_TEMPLATES.fanFailedToStart, {
    target: fan.fanId,
    targetType: 'sensor',
    // Named with the fan, so every message and list says which one.
    name: `${ALARM_TEMPLATE_LABELS.fanFailedToStart}: ${fan.fanLabel}`,
  });
  const alarm = await insertAlarm(tx, {
    areaId: fan.areaId,
    siteId: fan.siteId,
    active: true,
    rule,
  });
  return alarm.id;
}
