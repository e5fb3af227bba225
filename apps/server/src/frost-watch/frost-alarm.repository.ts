/**
 * The "Frost forecast" alarm of a frost area (template 102): found, or made the first time the
 * area warns. Here, beside the warning, so the frost folder's SQL never reaches into the alarms'.
 */
import { and, eq, sql } from 'drizzle-orm';
import { ALARM_TEMPLATES, alarmRuleFromTemplate } from '@paddock/domain';
import type { Database } from '../db/client.ts';
import { alarms } from '../db/schema.ts';
import { evaluated, loadAlarmContexts } from '../alarms/alarm.repository.ts';

const forecastAlarmOf = (areaId: number) =>
  and(
    eq(alarms.areaId, areaId),
    sql`((${alarms.rule}->>'template')::integer) = ${ALARM_TEMPLATES.frostForecast}`,
  );

/** The area's "Frost forecast" alarms, whether on or off. */
export async function forecastAlarmIds(tx: Database, areaId: number) {
  return tx.select({ id: alarms.id }).from(alarms).where(forecastAlarmOf(areaId));
}

/** The area's "Frost forecast" alarms that are evaluated (on, with the area's alarms on). */
export async function evaluatedForecastAlarms(tx: Database, areaId: number) {
  return loadAlarmContexts(tx, and(evaluated, forecastAlarmOf(areaId)));
}

/** The area's "Frost forecast" alarm, made the first time the area warns (the rule has its id). */
export async function insertForecastAlarm(tx: Database, area: { areaId: number; siteId: number }) {
  const rule = alarmRuleFromTemplate(ALARM_TEMPLATES.frostForecast, {
    target: area.areaId,
    targetType: 'area',
  });
  const [inserted] = await tx
    .insert(alarms)
    .values({
      areaId: area.areaId,
      siteId: area.siteId,
      active: true,
      rule: { ...rule, id: 0 },
      label: rule.name,
    })
    .returning({ id: alarms.id });
  if (!inserted) throw new Error('frost forecast alarm not created');
  await tx
    .update(alarms)
    .set({ rule: { ...rule, id: inserted.id } })
    .where(eq(alarms.id, inserted.id));
}
