import { describe, expect, it } from 'vitest';
import { buildAlarm, buildAlarmRule } from '../testing/factories.ts';
import {
  alarmConditionsSchema,
  alarmCreateBodySchema,
  alarmRuleSchema,
  alarmSchema,
  alarmUpdateBodySchema,
  streamDataConditionSchema,
} from './alarm.ts';
import type { AlarmRuleInput } from './alarm.ts';

const overdueConditions = {
  all: [{ type: 'streamData', path: 'overdue', operator: 'equal', value: 1 }, { type: 'status' }],
};

describe('§3 alarm conditions', () => {
  it.each([
    [{ type: 'streamData', path: 'soil.moisture', operator: 'lessThan', value: 20 }, true],
    [{ type: 'streamData', path: 'temperature', operator: 'greaterThan', value: 35 }, true],
    [{ type: 'streamData', path: 'temperature', operator: 'atLeast', value: 35 }, false],
    [{ type: 'streamData', path: '', operator: 'equal', value: 1 }, false],
    [{ type: 'streamData', path: 'overdue', operator: 'equal', value: '1' }, false],
  ])('stream-data condition %j is accepted: %s', (value, ok) => {
    expect(streamDataConditionSchema.safeParse(value).success).toBe(ok);
  });

  it.each([
    ['§9 overdue: digital overdue equal 1, plus status', overdueConditions, true],
    [
      'a status condition with any other key (nothing unread is stored)',
      { all: [overdueConditions.all[0], { type: 'status', value: 'active' }] },
      false,
    ],
    ['no status condition', { all: [overdueConditions.all[0]] }, false],
    ['the two in the wrong order', { all: [{ type: 'status' }, overdueConditions.all[0]] }, false],
    ['any instead of all', { any: overdueConditions.all }, false],
  ])('%s is accepted: %s', (_why, value, ok) => {
    expect(alarmConditionsSchema.safeParse(value).success).toBe(ok);
  });
});

describe('§3 alarm rule', () => {
  it.each([
    ['a simple set point', buildAlarmRule(), true],
    [
      '§9 any radio overdue, warning, reset after 24 h',
      buildAlarmRule({
        template: 9,
        targetType: 'radio',
        target: 200,
        severity: 'warning',
        conditions: alarmConditionsSchema.parse(overdueConditions),
        resetAfter: '24:00:00',
      }),
      true,
    ],
    [
      '§9 any set point resets after 30 min',
      buildAlarmRule({ template: 2, resetAfter: '00:30:00' }),
      true,
    ],
    ['an unknown severity', { ...buildAlarmRule(), severity: 'major' }, false],
    ['an unknown target type', { ...buildAlarmRule(), targetType: 'valve' }, false],
    ['reset after in minutes', { ...buildAlarmRule(), resetAfter: '30' }, false],
    ['reset after with 60 minutes', { ...buildAlarmRule(), resetAfter: '00:60:00' }, false],
    ['template as text', { ...buildAlarmRule(), template: '1' }, false],
  ])('%s is accepted: %s', (_why, value, ok) => {
    expect(alarmRuleSchema.safeParse(value).success).toBe(ok);
  });
});

describe('§3 alarm', () => {
  it('accepts a soil moisture alarm with one notification', () => {
    const alarm = buildAlarm();
    expect(alarmSchema.parse(alarm)).toEqual(alarm);
  });

  it.each([
    ['notification ids as text', { notifications: ['701'] }],
    ['no rule', { rule: undefined }],
    ['an unknown operator', { operator: 'notEqual' }],
  ])('refuses %s', (_why, overrides) => {
    expect(alarmSchema.safeParse({ ...buildAlarm(), ...overrides }).success).toBe(false);
  });
});

describe('§7 POST and PUT areas/{areaId}/alarms', () => {
  const newRule: AlarmRuleInput = buildAlarmRule();
  delete newRule.id;

  it.each([
    ['a new rule without id', { active: true, rule: newRule, notifications: [701, 702] }, true],
    ['no notifications yet', { active: false, rule: newRule, notifications: [] }, true],
    ['no rule', { active: true, notifications: [] }, false],
    ['no active flag', { rule: newRule, notifications: [] }, false],
  ])('create %s is accepted: %s', (_why, body, ok) => {
    expect(alarmCreateBodySchema.safeParse(body).success).toBe(ok);
  });

  it.each([
    [{ active: false }, true],
    [{ rule: buildAlarmRule() }, true],
    [{ notifications: [701] }, true],
    [{}, false],
  ])('update %j is accepted: %s', (body, ok) => {
    expect(alarmUpdateBodySchema.safeParse(body).success).toBe(ok);
  });
});
