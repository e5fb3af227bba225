/** Checks of an alarm body that need the database: the rule's target and the notification ids. */
import {
  ALARM_TEMPLATES,
  alarmTemplateSchema,
  assertAlarmRuleCreatable,
  clearValueProblem,
  isFrostFan,
  type AlarmRuleInput,
  refuse,
} from '@paddock/domain';
import type { Database } from '../../db/client.ts';
import { findSiteNotificationIds } from './alarms.repository.ts';
import { findSensorOfArea, isThingOfArea, type AreaRef } from './area-things.repository.ts';

/**
 * §5: alarm rule creation asserts target, target type and threshold (the stream-data condition's
 * value) are defined; the clear value must lie on the safe side of the set point (the domain's
 * clearValueProblem, as the alarm form checks it); the template must be one of §9 and the target
 * a thing of the area of the stated type.
 */
export async function validateAlarmRule(
  db: Database,
  area: AreaRef,
  rule: AlarmRuleInput,
): Promise<void> {
  const [condition] = rule.conditions.all;
  try {
    assertAlarmRuleCreatable({
      target: rule.target,
      targetType: rule.targetType,
      threshold: condition.value,
    });
  } catch (error) {
    throw refuse.invalid('rule', error instanceof Error ? error.message : String(error));
  }
  const clearProblem = clearValueProblem(rule);
  if (clearProblem !== null) throw refuse.invalid('rule.clearValue', clearProblem);
  if (!alarmTemplateSchema.safeParse(rule.template).success) {
    throw refuse.invalid('rule.template', 'Not an alarm template');
  }
  if (!(await isThingOfArea(db, area, rule.targetType, rule.target))) {
    throw refuse.invalid('rule.target', `Not a ${rule.targetType} of this area`);
  }
  if (rule.template === ALARM_TEMPLATES.fanShouldRun) {
    if (rule.targetType !== 'sensor' || !(await isFanOfArea(db, area, rule.target))) {
      throw refuse.invalid('rule.target', 'Not a frost fan of this area');
    }
  } else if (rule.startTemperature !== undefined) {
    throw refuse.invalid(
      'rule.startTemperature',
      'Only a fan-should-run rule has a start temperature',
    );
  }
}

/** Whether the sensor is a frost fan's engine controller of the area (the domain's isFrostFan). */
async function isFanOfArea(db: Database, area: AreaRef, sensorId: number): Promise<boolean> {
  const row = await findSensorOfArea(db, area, sensorId);
  return row !== null && isFrostFan(row);
}

/** The ids, once each in the order given, when every one is a contact notification of the site. */
export async function validateAlarmNotifications(
  db: Database,
  siteId: number,
  ids: readonly number[],
): Promise<number[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const known = await findSiteNotificationIds(db, siteId, unique);
  const index = ids.findIndex((id) => !known.has(id));
  if (index >= 0) {
    throw refuse.invalid(`notifications.${index}`, 'Not a contact notification of this site');
  }
  return unique;
}
