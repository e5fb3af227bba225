/**
 * Set-point rules after each committed ingest batch: one statement screens the batch's things'
 * rules on the unlocked state, and only an alarm a reading would move is read with its area and
 * site, locked and judged again (transitions.ts).
 */
import { alarmTemplateKind, readRule, type AlarmTemplate } from '@paddock/domain';
import type { Database } from '../db/client.ts';
import type { AlarmRow } from './alarm.repository.ts';
import { loadEvaluatedAlarmContexts, screenSetPointAlarms } from './alarm-rule.repository.ts';
import { refreshRules, type RuleCache } from './rule-cache.ts';
import { applyReading, memoryWouldChange, type EngineOptions } from './transitions.ts';

const OPERATOR_WORDS = { equal: 'at', lessThan: 'below', greaterThan: 'above' } as const;

function isSetPoint(rule: AlarmRow['rule']): boolean {
  return templateSubject(rule.template) === 'setPoint';
}

function templateSubject(template: number) {
  try {
    return alarmTemplateKind(template as AlarmTemplate).subject;
  } catch {
    return null;
  }
}

/** The value a set-point rule reads: the target's latest reading of the rule's metric. */
type TargetValue = { value: number; at: Date };

/**
 * The set-point alarms on these things, each with only what judging a reading needs: its rule,
 * the current value of the rule's metric on its target, and its state as stored (unlocked). One
 * statement for a whole batch's things (and one more for rules not read before), so a farm with
 * a rule on every sensor pays one query per batch, not three, and site settings are read only
 * for the alarms that move.
 */
async function setPointScreen(
  tx: Database,
  targetType: 'sensor' | 'control',
  ids: number[],
  screenedRules: RuleCache,
) {
  const rows = await screenSetPointAlarms(tx, targetType, ids);
  await refreshRules(tx, rows, screenedRules);
  const at = (value: Date | string | null) => (value === null ? null : new Date(value));
  return rows.flatMap((row) => {
    // Gone between the two statements: nothing to judge.
    const cached = screenedRules.get(Number(row.id));
    if (!cached) return [];
    return [
      {
        id: Number(row.id),
        rule: cached.rule,
        value:
          row.last_value === null
            ? null
            : { lastValue: Number(row.last_value), timestamp: row.timestamp },
        memory: row.status
          ? {
              status: row.status,
              holdingSince: at(row.holding_since),
              clearingSince: at(row.clearing_since),
            }
          : null,
      },
    ];
  });
}

function topicValue(
  topic: { lastValue: number | null; timestamp: string | null } | null,
  now: Date,
): TargetValue | null {
  if (!topic || topic.lastValue === null) return null;
  return { value: topic.lastValue, at: topic.timestamp ? new Date(topic.timestamp) : now };
}

/**
 * Set-point rules of the things a committed batch heard from (the followup's payload), with
 * their current values. Runs in the followup's transaction.
 */
export async function evaluateSetPoints(
  tx: Database,
  heard: { sensors: number[]; controls: number[] },
  now: Date,
  options: EngineOptions,
  rules: RuleCache = new Map(),
): Promise<number> {
  let transitions = 0;
  for (const targetType of ['sensor', 'control'] as const) {
    const ids = targetType === 'sensor' ? heard.sensors : heard.controls;
    if (ids.length === 0) continue;
    // Most readings change nothing: judged on the unlocked state first, and only a reading that
    // would move the alarm has its context read, takes its lock and is judged again locked.
    const moving = new Map<number, TargetValue>();
    for (const candidate of await setPointScreen(tx, targetType, ids, rules)) {
      if (!isSetPoint(candidate.rule)) continue;
      const reading = topicValue(candidate.value, now);
      if (!reading) continue;
      const judged = readRule(candidate.rule, [reading.value]);
      if (!memoryWouldChange(candidate.rule, candidate.memory, judged, reading.at)) continue;
      moving.set(candidate.id, reading);
    }
    if (moving.size === 0) continue;
    const contexts = await loadEvaluatedAlarmContexts(tx, [...moving.keys()]);
    for (const context of contexts) {
      const reading = moving.get(context.alarm.id) as TargetValue;
      const [condition] = context.alarm.rule.conditions.all;
      const detail =
        `${condition.path} ${reading.value} ${OPERATOR_WORDS[condition.operator]} ` +
        `the set point ${condition.value}`;
      const transition = await applyReading(tx, context, [reading.value], reading.at, now, {
        ...options,
        detail,
        value: reading.value,
      });
      if (transition) transitions++;
    }
  }
  return transitions;
}
