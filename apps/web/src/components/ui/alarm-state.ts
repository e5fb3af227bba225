/**
 * How an alarm reads wherever it is listed (ours): its switch and rule first — an alarm switched off or
 * with its rule disabled is 'off' whatever it last did — then where it stands (raised,
 * acknowledged, normal). Raised alarms sort first, then acknowledged, then by severity.
 */
import type { Alarm, AlarmSeverity } from '@paddock/domain';

export type AlarmDisplayState = 'raised' | 'acknowledged' | 'normal' | 'off';

export function alarmDisplayState(
  alarm: Pick<Alarm, 'active' | 'rule' | 'state'>,
): AlarmDisplayState {
  if (!alarm.active || !alarm.rule.enabled) return 'off';
  return alarm.state?.status ?? 'normal';
}

/** Mantine colour names of the theme (§9 colours: fault, warning, info). */
export const STATE_COLOUR: Record<AlarmDisplayState, string> = {
  raised: 'fault',
  acknowledged: 'warning',
  normal: 'irrigated',
  off: 'gray',
};

export const SEVERITY_COLOUR: Record<AlarmSeverity, string> = {
  critical: 'fault',
  warning: 'warning',
  info: 'info',
};

const STATE_ORDER: Record<AlarmDisplayState, number> = {
  raised: 0,
  acknowledged: 1,
  normal: 2,
  off: 3,
};
const SEVERITY_ORDER: Record<AlarmSeverity, number> = { critical: 0, warning: 1, info: 2 };

/** Raised 0, acknowledged 1, normal 2, off 3. */
export function alarmStateRank(alarm: Pick<Alarm, 'active' | 'rule' | 'state'>): number {
  return STATE_ORDER[alarmDisplayState(alarm)];
}

export function sortAlarms<A extends Pick<Alarm, 'active' | 'rule' | 'state' | 'label' | 'id'>>(
  alarms: readonly A[],
): A[] {
  return [...alarms].sort(
    (a, b) =>
      STATE_ORDER[alarmDisplayState(a)] - STATE_ORDER[alarmDisplayState(b)] ||
      SEVERITY_ORDER[a.rule.severity] - SEVERITY_ORDER[b.rule.severity] ||
      (a.label || a.rule.name).localeCompare(b.label || b.rule.name) ||
      a.id - b.id,
  );
}

/** Operator symbols, as a set point reads: '> 30 %'. */
export const OPERATOR_SYMBOL = { greaterThan: '>', lessThan: '<', equal: '=' } as const;
