/**
 * The flow supervisor's alarms (issue 30 item 1) on the alarm engine: "High flow" and "Low flow"
 * on a zone, "Unscheduled flow" and "Mainline break" on its meter. Each is made from its template
 * the first time it is needed and kept, so an area's admin may give it contacts or turn it off
 * like any other; raising and clearing go through the engine's transitions, so events,
 * escalation and messages are the engine's own.
 *
 * A flow alarm clears when the water it was about runs as it should again (the zone's next run
 * within its limits; for the meter's two, a run within limits on the meter): not when the flow
 * drops after a shut-off, which would clear it within seconds and suppress its messages.
 */
import {
  ALARM_TEMPLATES,
  alarmRuleFromTemplate,
  FLOW_ALARMS,
  type MetaType,
} from '@paddock/domain';
import type { Database } from '../db/client.ts';
import { insertAlarm, templateAlarmOn } from '../alarms/alarm.repository.ts';
import { applyRuleReading, type EngineOptions } from '../alarms/transitions.ts';

export type FlowAlarmName = keyof typeof FLOW_ALARMS;

/** What a flow alarm is on: a zone (section) for high and low flow, the meter for the others. */
export type FlowAlarmTarget = {
  areaId: number;
  siteId: number;
  targetType: Extract<MetaType, 'section' | 'sensor'>;
  target: number;
  /** The zone's or meter's label, named in the alarm. */
  label: string;
};

const alarmOf = (name: FlowAlarmName, on: Pick<FlowAlarmTarget, 'areaId' | 'target'>) => ({
  areaId: on.areaId,
  template: ALARM_TEMPLATES[name],
  target: on.target,
});

/** Raises the alarm (made the first time), with the supervisor's sentence as its detail. */
export async function raiseFlowAlarm(
  tx: Database,
  name: FlowAlarmName,
  on: FlowAlarmTarget,
  raised: { detail: string; value: number; at: Date; now: Date },
  options: EngineOptions,
): Promise<void> {
  if (!(await templateAlarmOn(tx, alarmOf(name, on), 'any'))) {
    const rule = alarmRuleFromTemplate(ALARM_TEMPLATES[name], {
      target: on.target,
      targetType: on.targetType,
      // Named with the zone or meter, so every message and list says which one.
      name: `${FLOW_ALARMS[name].name}: ${on.label}`,
      severity: FLOW_ALARMS[name].severity,
    });
    await insertAlarm(tx, { areaId: on.areaId, siteId: on.siteId, active: true, rule });
  }
  // Turned off (or the area's alarms off): kept, not raised.
  const context = await templateAlarmOn(tx, alarmOf(name, on), 'evaluated');
  if (!context) return;
  await applyRuleReading(tx, context, { raise: true, clear: false }, raised.at, raised.now, {
    ...options,
    detail: raised.detail,
    value: raised.value,
  });
}

/** Clears the alarm where there is one and it is raised; nothing is made. */
export async function clearFlowAlarm(
  tx: Database,
  name: FlowAlarmName,
  on: Omit<FlowAlarmTarget, 'label' | 'siteId'>,
  at: Date,
  now: Date,
  options: EngineOptions,
): Promise<void> {
  const context = await templateAlarmOn(tx, alarmOf(name, on), 'evaluated');
  if (!context) return;
  await applyRuleReading(tx, context, { raise: false, clear: true }, at, now, {
    ...options,
    detail: '',
    value: null,
  });
}
