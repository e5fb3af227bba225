import { describe, expect, it } from 'vitest';
import {
  ALARM_TEMPLATES,
  alarmRuleFromTemplate,
  alarmTemplateKind,
  type AlarmTemplate,
} from '../constants/alarm-templates.ts';
import type { AlarmRule } from '../entities/alarm.ts';
import {
  acknowledgeMemory,
  clearValueProblem,
  durationMs,
  NORMAL_MEMORY,
  readRule,
  stepAlarm,
  type AlarmMemory,
} from './rules.ts';

const rule = (template: AlarmTemplate, extra: Partial<AlarmRule> = {}): AlarmRule => ({
  ...alarmRuleFromTemplate(template, {
    target: 1,
    targetType: 'sensor',
    threshold: 30,
    path: 'temperature',
  }),
  id: 1,
  ...extra,
});

describe('readRule: every template against its targets', () => {
  // [template, values, raise, clear]
  const cases: [keyof typeof ALARM_TEMPLATES, number[], boolean, boolean][] = [
    ['simpleSetPoint', [31], true, false],
    ['simpleSetPoint', [30], false, true],
    ['anySetPoint', [31], true, false],
    ['allSetPoint', [29], false, true],
    ['allUnitOverdue', [1, 1], true, false],
    ['allUnitOverdue', [1, 0], false, true],
    ['anyUnitOverdue', [1, 0], true, false],
    ['anyUnitOverdue', [0, 0], false, true],
    ['allRadioOverdue', [1, 1, 1], true, false],
    ['allRadioOverdue', [0, 1, 1], false, true],
    ['anyRadioOverdue', [0, 0, 1], true, false],
    ['anyRadioOverdue', [0, 0, 0], false, true],
    ['allRepeaterOverdue', [1], true, false],
    ['anyRepeaterOverdue', [0], false, true],
    ['allCoordinatorOverdue', [1, 0], false, true],
    ['anyCoordinatorOverdue', [1, 0], true, false],
  ];
  it.each(cases)('%s with %j raises %s, clears %s', (name, values, raise, clear) => {
    const template = ALARM_TEMPLATES[name];
    const subject = alarmTemplateKind(template).subject;
    const built =
      subject === 'setPoint'
        ? rule(template)
        : { ...alarmRuleFromTemplate(template, { target: 1, targetType: 'area' }), id: 1 };
    expect(readRule(built, values)).toEqual({ raise, clear });
  });

  it('has nothing to say without values', () => {
    expect(readRule(rule(1), [])).toBeNull();
  });

  it.each([
    ['greaterThan', 31, true, false],
    ['greaterThan', 29, false, false],
    ['greaterThan', 28, false, true],
    ['lessThan', 29, true, false],
    ['lessThan', 31, false, false],
    ['lessThan', 32, false, true],
  ] as const)('hysteresis %s 30: %d raises %s, clears %s', (operator, value, raise, clear) => {
    const base = rule(1);
    const [condition, status] = base.conditions.all;
    const withBand = {
      ...base,
      conditions: { all: [{ ...condition, operator }, status] as typeof base.conditions.all },
      clearValue: operator === 'greaterThan' ? 28 : 32,
    };
    expect(readRule(withBand, [value])).toEqual({ raise, clear });
  });

  it('equal (digital) clears on any other value', () => {
    const overdue = { ...alarmRuleFromTemplate(9, { target: 1, targetType: 'area' }), id: 1 };
    expect(readRule(overdue, [1])).toEqual({ raise: true, clear: false });
    expect(readRule(overdue, [0])).toEqual({ raise: false, clear: true });
  });

  it('refuses a clear threshold on the wrong side', () => {
    expect(clearValueProblem({ ...rule(1), clearValue: 32 })).toMatch(/above/);
    expect(clearValueProblem({ ...rule(1), clearValue: 28 })).toBeNull();
  });

  // [operator, set point, clear value, problem]: the form and the server both ask this.
  it.each([
    ['greaterThan', 30, 30, null],
    ['greaterThan', 30, 30.1, /above/],
    ['lessThan', 20, 20, null],
    ['lessThan', 20, 22, null],
    ['lessThan', 20, 15, /below/],
    ['equal', 1, 0, null],
    ['equal', 1, 5, null],
    ['lessThan', 20, undefined, null],
  ] as const)('%s %s with clear value %s: %s', (operator, value, clearValue, problem) => {
    const found = clearValueProblem({ conditions: { all: [{ operator, value }] }, clearValue });
    if (problem === null) expect(found).toBeNull();
    else expect(found).toMatch(problem);
  });
});

describe('stepAlarm: the state machine', () => {
  const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 0, minutes));
  const RAISE = { raise: true, clear: false };
  const HOLD = { raise: false, clear: false };
  const CLEAR = { raise: false, clear: true };
  const raised: AlarmMemory = { status: 'raised', holdingSince: null, clearingSince: null };
  const acked: AlarmMemory = { ...raised, status: 'acknowledged' };

  // [name, rule, memory, reading, at, status after, transition]
  const cases: [
    string,
    Partial<AlarmRule>,
    AlarmMemory,
    typeof RAISE | null,
    number,
    string,
    string | null,
  ][] = [
    ['normal stays normal', {}, NORMAL_MEMORY, HOLD, 0, 'normal', null],
    ['normal raises at once', {}, NORMAL_MEMORY, RAISE, 0, 'raised', 'raised'],
    ['no reading changes nothing', {}, raised, null, 0, 'raised', null],
    ['raised stays raised while the value holds', {}, raised, RAISE, 1, 'raised', null],
    ['raised stays raised inside the band', {}, raised, HOLD, 1, 'raised', null],
    ['raised clears at once without reset-after', {}, raised, CLEAR, 1, 'normal', 'cleared'],
    ['acknowledged clears', {}, acked, CLEAR, 1, 'normal', 'cleared'],
    ['acknowledged stays while the value holds', {}, acked, RAISE, 1, 'acknowledged', null],
    [
      'minimum duration: first crossing only starts the timer',
      { minimumDuration: '00:05:00' },
      NORMAL_MEMORY,
      RAISE,
      0,
      'normal',
      null,
    ],
    [
      'minimum duration: held long enough raises',
      { minimumDuration: '00:05:00' },
      { ...NORMAL_MEMORY, holdingSince: at(0) },
      RAISE,
      5,
      'raised',
      'raised',
    ],
    [
      'minimum duration: a break resets the timer',
      { minimumDuration: '00:05:00' },
      { ...NORMAL_MEMORY, holdingSince: at(0) },
      HOLD,
      5,
      'normal',
      null,
    ],
    [
      'reset-after: clearing starts the timer',
      { resetAfter: '00:30:00' },
      raised,
      CLEAR,
      0,
      'raised',
      null,
    ],
    [
      'reset-after: clear for long enough clears',
      { resetAfter: '00:30:00' },
      { ...raised, clearingSince: at(0) },
      CLEAR,
      30,
      'normal',
      'cleared',
    ],
    [
      'reset-after: back over the threshold resets the timer',
      { resetAfter: '00:30:00' },
      { ...raised, clearingSince: at(0) },
      RAISE,
      29,
      'raised',
      null,
    ],
  ];
  it.each(cases)('%s', (_, extra, memory, reading, minute, status, transition) => {
    const step = stepAlarm({ ...rule(1), ...extra }, memory, reading, at(minute));
    expect(step.memory.status).toBe(status);
    expect(step.transition).toBe(transition);
  });

  it('acknowledges only a raised alarm', () => {
    expect(acknowledgeMemory(raised)?.status).toBe('acknowledged');
    expect(acknowledgeMemory(acked)).toBeNull();
    expect(acknowledgeMemory(NORMAL_MEMORY)).toBeNull();
  });

  it('a value oscillating around the set point for ten minutes raises once', () => {
    const anySetPoint = { ...rule(ALARM_TEMPLATES.anySetPoint), clearValue: 29 };
    let memory: AlarmMemory = NORMAL_MEMORY;
    const transitions: string[] = [];
    for (let second = 0; second <= 600; second += 5) {
      const value = second % 10 === 0 ? 30.4 : 29.6;
      const step = stepAlarm(
        anySetPoint,
        memory,
        readRule(anySetPoint, [value]),
        new Date(second * 1000),
      );
      memory = step.memory;
      if (step.transition) transitions.push(step.transition);
    }
    expect(transitions).toEqual(['raised']);
  });

  it('reads durations', () => {
    expect(durationMs('24:00:00')).toBe(86_400_000);
    expect(durationMs(null)).toBe(0);
    expect(() => durationMs('1:00')).toThrow(RangeError);
  });
});
