/** Alarm rows as the console reads them (§3 Alarm): threshold and operator come from the rule. */
import type { Alarm, AlarmState } from '@paddock/domain';
import type { alarms, alarmStates } from '../../db/schema.ts';

export type AlarmRow = typeof alarms.$inferSelect;
export type AlarmStateRow = typeof alarmStates.$inferSelect;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** Where the alarm stands; an alarm that never fired has no state row and is normal. */
function presentAlarmState(state: AlarmStateRow | null | undefined): AlarmState {
  return {
    status: state?.status ?? 'normal',
    raisedAt: iso(state?.raisedAt ?? null),
    raisedValue: state?.raisedValue ?? null,
    acknowledgedAt: iso(state?.acknowledgedAt ?? null),
    acknowledgedBy: state?.acknowledgedBy ?? null,
    acknowledgedVia: state?.acknowledgedVia ?? null,
    comment: state?.comment ?? null,
    clearedAt: iso(state?.clearedAt ?? null),
  };
}

export function presentAlarm(row: AlarmRow, state?: AlarmStateRow | null): Alarm {
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
    state: presentAlarmState(state),
  };
}
