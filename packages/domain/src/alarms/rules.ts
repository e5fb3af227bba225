/**
 * Alarm rules, pure: whether a rule's condition holds for the values it watches, whether the
 * values are back past its clear threshold, and the alarm's state machine
 * (normal → raised → acknowledged → cleared, which is normal again).
 *
 * Chattering is what growers complain of most (a soil probe hovering at its set point sends a
 * message per reading). Three things stop it, each optional on the rule:
 * - hysteresis: the clear threshold (`clearValue`) sits apart from the raise threshold;
 * - minimum duration: the condition must hold this long before the alarm is raised;
 * - reset-after: the value must stay back past the clear threshold this long before it clears.
 * And a raised alarm is raised once: readings that still cross the set point change nothing.
 */
import type { AlarmRule, StreamDataCondition } from '../entities/alarm.ts';
import type { AlarmStatus } from '../entities/alarm-notification.ts';
import type { AlarmOperator } from '../entities/vocabulary.ts';
import {
  alarmTemplateKind,
  type AlarmTemplate,
  type AlarmTemplateScope,
} from '../constants/alarm-templates.ts';

/** HH:MM:SS (hours may pass 23) → milliseconds; null or absent → 0. */
export function durationMs(text: string | null | undefined): number {
  if (!text) return 0;
  const match = /^(\d{2,}):([0-5]\d):([0-5]\d)$/.exec(text);
  if (!match) throw new RangeError(`Not a duration HH:MM:SS: ${text}`);
  const [, h, m, s] = match;
  return ((Number(h) * 60 + Number(m)) * 60 + Number(s)) * 1000;
}

/** Whether one value meets the raise condition. */
export function meetsCondition(value: number, operator: AlarmOperator, threshold: number): boolean {
  switch (operator) {
    case 'equal':
      return value === threshold;
    case 'lessThan':
      return value < threshold;
    case 'greaterThan':
      return value > threshold;
  }
}

/**
 * Whether one value is back past the clear threshold. greaterThan raises above the set point and
 * clears at or below the clear value; lessThan the other way round; equal clears on any other
 * value (a digital reading has no band).
 */
export function meetsClear(value: number, condition: StreamDataCondition, clearValue?: number) {
  const clear = clearValue ?? condition.value;
  switch (condition.operator) {
    case 'equal':
      return value !== condition.value;
    case 'lessThan':
      return value >= clear;
    case 'greaterThan':
      return value <= clear;
  }
}

/**
 * A clear value on the wrong side of the set point would clear the alarm while it still holds;
 * returns the problem, or null. (greaterThan 30 with clearValue 32 is refused, 28 is fine; equal
 * has no side.) The alarm form and the server's alarm create and update both ask it. Takes the
 * condition's operator and set point only, so a form checks its fields before it builds a rule.
 */
export function clearValueProblem(rule: {
  readonly conditions: {
    readonly all: readonly [Pick<StreamDataCondition, 'operator' | 'value'>, ...unknown[]];
  };
  readonly clearValue?: number | undefined;
}): string | null {
  const [condition] = rule.conditions.all;
  if (rule.clearValue === undefined) return null;
  if (condition.operator === 'greaterThan' && rule.clearValue > condition.value) {
    return 'The clear threshold must not be above the set point';
  }
  if (condition.operator === 'lessThan' && rule.clearValue < condition.value) {
    return 'The clear threshold must not be below the set point';
  }
  return null;
}

/** What a rule's condition says about the values of its targets now. */
export interface RuleReading {
  /** The raise condition holds. */
  readonly raise: boolean;
  /** The values are back past the clear threshold. */
  readonly clear: boolean;
}

/**
 * Reads a rule against the current values of its targets (one for a sensor, one per radio or unit
 * for overdue templates: 1 overdue, 0 on time). any: raised when any value meets the condition,
 * clear when all are back; all: raised when every value meets it, clear when any is back.
 * Null when there is no value to judge by (nothing reported): the state stays as it is.
 */
export function readRule(
  rule: Pick<AlarmRule, 'template' | 'conditions' | 'clearValue'>,
  values: readonly number[],
): RuleReading | null {
  if (values.length === 0) return null;
  const [condition] = rule.conditions.all;
  const scope: AlarmTemplateScope = templateScope(rule.template);
  const raises = values.map((v) => meetsCondition(v, condition.operator, condition.value));
  const clears = values.map((v) => meetsClear(v, condition, rule.clearValue));
  if (scope === 'all') return { raise: raises.every(Boolean), clear: clears.some(Boolean) };
  return { raise: raises.some(Boolean), clear: clears.every(Boolean) };
}

function templateScope(template: number): AlarmTemplateScope {
  try {
    return alarmTemplateKind(template as AlarmTemplate).scope;
  } catch {
    return 'simple';
  }
}

/** What the state machine remembers of an alarm between readings. */
export interface AlarmMemory {
  readonly status: AlarmStatus;
  /** While normal: since when the raise condition has held (minimum duration). */
  readonly holdingSince: Date | null;
  /** While raised or acknowledged: since when the values have been back past the clear threshold. */
  readonly clearingSince: Date | null;
}

export const NORMAL_MEMORY: AlarmMemory = {
  status: 'normal',
  holdingSince: null,
  clearingSince: null,
};

export type AlarmTransition = 'raised' | 'cleared' | 'acknowledged';

export interface AlarmStep {
  readonly memory: AlarmMemory;
  /** The transition this reading caused, at most one; null when the alarm stays where it was. */
  readonly transition: Exclude<AlarmTransition, 'acknowledged'> | null;
}

/**
 * One step of the state machine for a reading taken at `at`. A null reading (no value) changes
 * nothing. Timers start at the first reading that meets the condition (or the clear) and reset at
 * the first that does not.
 */
export function stepAlarm(
  rule: Pick<AlarmRule, 'resetAfter' | 'minimumDuration'>,
  memory: AlarmMemory,
  reading: RuleReading | null,
  at: Date,
): AlarmStep {
  if (reading === null) return { memory, transition: null };
  if (memory.status === 'normal') {
    if (!reading.raise) {
      return { memory: { ...NORMAL_MEMORY }, transition: null };
    }
    const since = memory.holdingSince ?? at;
    if (at.getTime() - since.getTime() >= durationMs(rule.minimumDuration)) {
      return {
        memory: { status: 'raised', holdingSince: null, clearingSince: null },
        transition: 'raised',
      };
    }
    return { memory: { ...memory, holdingSince: since }, transition: null };
  }
  // Raised or acknowledged: only the clear moves it.
  if (!reading.clear) return { memory: { ...memory, clearingSince: null }, transition: null };
  const since = memory.clearingSince ?? at;
  if (at.getTime() - since.getTime() >= durationMs(rule.resetAfter)) {
    return { memory: { ...NORMAL_MEMORY }, transition: 'cleared' };
  }
  return { memory: { ...memory, clearingSince: since }, transition: null };
}

/** Acknowledging: only a raised alarm can be; null when it is not raised. */
export function acknowledgeMemory(memory: AlarmMemory): AlarmMemory | null {
  if (memory.status !== 'raised') return null;
  return { ...memory, status: 'acknowledged' };
}

/**
 * Turning an alarm off (its area's alarms off, the alarm inactive, its rule disabled) ends it
 * without a clear message: back to normal with no timers.
 */
export function silenceMemory(): AlarmMemory {
  return { ...NORMAL_MEMORY };
}
