import {
  ALARM_TEMPLATES,
  ALARM_TEMPLATE_KINDS,
  OVERDUE_SUBJECTS,
  alarmTemplateTargets,
  readRule,
  type AlarmTemplate,
  type AlarmTemplateName,
} from '@paddock/domain';
import type { Database } from '../db/client.ts';
import { currentStates } from './alarm.repository.ts';
import { loadOverdueAlarmContexts, overdueHardwareOfAreas } from './alarm-rule.repository.ts';
import { applyReading, silenceTurnedOff, wouldChange, type EngineOptions } from './transitions.ts';

/** Template numbers of the overdue templates (§9: 5, 7–11, 15, 16). */
const OVERDUE_TEMPLATES: number[] = (
  Object.entries(ALARM_TEMPLATES) as [AlarmTemplateName, AlarmTemplate][]
)
  .filter(([name]) => OVERDUE_SUBJECTS.includes(ALARM_TEMPLATE_KINDS[name].subject))
  .map(([, template]) => template);

/**
 * Overdue rules (§9 templates 5–16), with the overdue sweep: each reads the overdue flags of the
 * hardware its template watches in its area (1 overdue, 0 on time). Also ends, silently, alarms
 * that were turned off while raised.
 */
export async function evaluateOverdue(
  db: Database,
  now: Date,
  options: EngineOptions,
): Promise<number> {
  return db.transaction(async (tx) => {
    await silenceTurnedOff(tx, now);
    const contexts = await loadOverdueAlarmContexts(tx, OVERDUE_TEMPLATES);
    if (contexts.length === 0) return 0;
    const areaIds = [...new Set(contexts.map((c) => c.area.id))];
    const { radioRows, unitRows } = await overdueHardwareOfAreas(tx, areaIds);
    let transitions = 0;
    const states = await currentStates(
      tx,
      contexts.map((c) => c.alarm.id),
    );
    for (const context of contexts) {
      const hardware = {
        radios: radioRows.filter((r) => r.areaId === context.area.id),
        units: unitRows.filter((u) => u.areaIds.includes(context.area.id)),
      };
      const { targets } = alarmTemplateTargets(
        context.alarm.rule.template as AlarmTemplate,
        hardware,
      );
      const list = targets as readonly { serialno: string; overdue: boolean }[];
      const late = list.filter((t) => t.overdue);
      const detail =
        late.length === 0
          ? 'none overdue'
          : `${late.length} of ${list.length} overdue (${late.map((t) => t.serialno).join(', ')})`;
      const values = list.map((t) => (t.overdue ? 1 : 0));
      const judged = readRule(context.alarm.rule, values);
      if (!wouldChange(context.alarm, states.get(context.alarm.id), judged, now)) continue;
      const transition = await applyReading(tx, context, values, now, now, {
        ...options,
        detail,
        value: late.length,
      });
      if (transition) transitions++;
    }
    return transitions;
  });
}
