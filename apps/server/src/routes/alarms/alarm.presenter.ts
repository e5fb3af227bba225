/** Alarm rows as the console reads them (§3 Alarm): threshold and operator come from the rule. */
import type { Alarm } from '@paddock/domain';
import type { alarms } from '../../db/schema.ts';

export type AlarmRow = typeof alarms.$inferSelect;

export function presentAlarm(row: AlarmRow): Alarm {
  const [condition] = row.rule.conditions.all;
  return {
    id: row.id,
    area: row.areaId,
    site: row.siteId,
    active: row.active,
    rule: row.rule,
    notifications: row.notifications,
    label: row.label,
    threshold: condition.value,
    operator: condition.operator,
  };
}
