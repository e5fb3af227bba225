import { describe, expect, it } from 'vitest';
import { alarmRuleInputSchema, alarmRuleSchema } from '../entities/alarm.ts';
import {
  ALARM_TEMPLATES,
  alarmResetAfter,
  alarmTemplateKind,
  alarmTemplateName,
  alarmTemplateSchema,
  alarmTemplateSeverity,
  alarmTemplateTargets,
  alarmRuleFromTemplate,
  OVERDUE_CONDITION,
} from './alarm-templates.ts';
import type { AlarmRuleOptions, AlarmTemplate } from './alarm-templates.ts';

const T = ALARM_TEMPLATES;

describe('§9 alarm template numbers', () => {
  it.each([
    ['simpleSetPoint', 1],
    ['anySetPoint', 2],
    ['allUnitOverdue', 5],
    ['allSetPoint', 6],
    ['anyUnitOverdue', 7],
    ['allRadioOverdue', 8],
    ['anyRadioOverdue', 9],
    ['allRepeaterOverdue', 10],
    ['anyRepeaterOverdue', 11],
    ['allCoordinatorOverdue', 15],
    ['anyCoordinatorOverdue', 16],
    ['fanShouldRun', 101],
    ['frostForecast', 102],
  ] as const)('%s is %d', (name, template) => {
    expect(T[name]).toBe(template);
    expect(alarmTemplateName(template)).toBe(name);
    expect(alarmTemplateSchema.safeParse(template).success).toBe(true);
  });

  it.each([0, 3, 4, 12, 14, 17, '1'])('%j is not a template', (value) => {
    expect(alarmTemplateSchema.safeParse(value).success).toBe(false);
  });
});

describe('§9 alarm template kind, reset-after and severity', () => {
  it.each<[AlarmTemplate, string, string, string | null, string]>([
    [T.simpleSetPoint, 'simple', 'setPoint', null, 'warning'],
    [T.anySetPoint, 'any', 'setPoint', '00:30:00', 'warning'],
    [T.allSetPoint, 'all', 'setPoint', null, 'warning'],
    [T.allUnitOverdue, 'all', 'unit', null, 'critical'],
    [T.anyUnitOverdue, 'any', 'unit', '24:00:00', 'critical'],
    [T.allRadioOverdue, 'all', 'radio', null, 'warning'],
    [T.anyRadioOverdue, 'any', 'radio', '24:00:00', 'warning'],
    [T.allRepeaterOverdue, 'all', 'repeater', null, 'warning'],
    [T.anyRepeaterOverdue, 'any', 'repeater', '24:00:00', 'warning'],
    [T.allCoordinatorOverdue, 'all', 'coordinator', null, 'critical'],
    [T.anyCoordinatorOverdue, 'any', 'coordinator', '24:00:00', 'critical'],
    [T.frostForecast, 'simple', 'frostForecast', null, 'critical'],
  ])(
    'template %d: %s %s, resets after %s, %s',
    (template, scope, subject, resetAfter, severity) => {
      expect(alarmTemplateKind(template)).toEqual({ scope, subject });
      expect(alarmResetAfter(template)).toBe(resetAfter);
      expect(alarmTemplateSeverity(template)).toBe(severity);
    },
  );
});

describe('the frost forecast template (ours, issue 31)', () => {
  it('builds a critical area rule named Frost forecast on the forecast minimum', () => {
    const rule = alarmRuleFromTemplate(T.frostForecast, { target: 4, targetType: 'area' });
    expect(rule.name).toBe('Frost forecast');
    expect(rule.severity).toBe('critical');
    expect(rule.conditions.all[0]).toMatchObject({ path: 'frost.forecastMinimum' });
    expect(alarmRuleInputSchema.safeParse(rule).success).toBe(true);
  });
});

const overdueTemplates = [
  T.allUnitOverdue,
  T.anyUnitOverdue,
  T.allRadioOverdue,
  T.anyRadioOverdue,
  T.allRepeaterOverdue,
  T.anyRepeaterOverdue,
  T.allCoordinatorOverdue,
  T.anyCoordinatorOverdue,
] as const;

describe('§9 building an overdue alarm rule', () => {
  it.each(overdueTemplates)(
    'template %d uses the digital condition overdue equal 1',
    (template) => {
      const rule = alarmRuleFromTemplate(template, {
        target: 7,
        targetType: 'area',
        threshold: 42,
        operator: 'lessThan',
        path: 'soil.moisture',
      });
      expect(rule.conditions.all[0]).toEqual({
        type: 'streamData',
        path: 'overdue',
        operator: 'equal',
        value: 1,
      });
      expect(rule.conditions.all[1]).toEqual({ type: 'status' });
      expect(rule.template).toBe(template);
      expect(rule.severity).toBe(alarmTemplateSeverity(template));
      expect(rule.resetAfter).toBe(alarmResetAfter(template));
      expect(alarmRuleInputSchema.safeParse(rule).success).toBe(true);
    },
  );

  it('does not share the overdue condition object between rules', () => {
    const rule = alarmRuleFromTemplate(T.anyUnitOverdue, { target: 1, targetType: 'area' });
    expect(rule.conditions.all[0]).not.toBe(OVERDUE_CONDITION);
  });

  it('builds the full rule of an any-radio-overdue alarm', () => {
    expect(alarmRuleFromTemplate(T.anyRadioOverdue, { target: 12, targetType: 'area' })).toEqual({
      name: 'Any radio overdue',
      severity: 'warning',
      target: 12,
      targetType: 'area',
      enabled: true,
      template: 9,
      conditions: {
        all: [
          { type: 'streamData', path: 'overdue', operator: 'equal', value: 1 },
          { type: 'status' },
        ],
      },
      resetAfter: '24:00:00',
    });
  });
});

describe('§9 building a set-point alarm rule', () => {
  /** The alarm's target: sensor 3. */
  const sensor = { target: 3, targetType: 'sensor' } as const;

  it.each([T.simpleSetPoint, T.anySetPoint, T.allSetPoint])(
    'template %d compares the path with the threshold',
    (template) => {
      const rule = alarmRuleFromTemplate(template, {
        ...sensor,
        threshold: 25,
        operator: 'lessThan',
        path: 'soil.moisture',
      });
      expect(rule.conditions.all[0]).toEqual({
        type: 'streamData',
        path: 'soil.moisture',
        operator: 'lessThan',
        value: 25,
      });
      expect(alarmRuleInputSchema.safeParse(rule).success).toBe(true);
    },
  );

  it('defaults the operator to greaterThan and takes overrides', () => {
    const rule = alarmRuleFromTemplate(T.anySetPoint, {
      ...sensor,
      threshold: 0,
      path: 'temperature',
      name: 'Frost',
      severity: 'critical',
      enabled: false,
    });
    expect(rule).toMatchObject({
      name: 'Frost',
      severity: 'critical',
      enabled: false,
      resetAfter: '00:30:00',
      conditions: { all: [{ operator: 'greaterThan', value: 0 }, { type: 'status' }] },
    });
  });

  it('parses as a full alarm rule once the server gives it an id', () => {
    const rule = alarmRuleFromTemplate(T.allSetPoint, {
      ...sensor,
      threshold: 12.5,
      operator: 'equal',
      path: 'level',
    });
    expect(alarmRuleSchema.safeParse({ ...rule, id: 99 }).success).toBe(true);
  });

  it.each<[string, AlarmTemplate, Partial<AlarmRuleOptions>, string]>([
    ['no target', T.anyUnitOverdue, { target: undefined }, 'target'],
    ['no target type', T.anyUnitOverdue, { targetType: undefined }, 'target type'],
    ['set point without threshold', T.anySetPoint, { threshold: undefined }, 'threshold'],
    ['set point without path', T.simpleSetPoint, { path: '' }, 'path'],
  ])('§5 asserts: %s throws', (_name, template, override, message) => {
    const options = { ...sensor, threshold: 10, path: 'soil.moisture', ...override };
    expect(() => alarmRuleFromTemplate(template, options)).toThrow(message);
  });
});

describe('§9 alarm template targets', () => {
  const plain = { id: 1, config: { repeater: false, coordinator: false } };
  const repeater = { id: 2, config: { repeater: true, coordinator: false } };
  const coordinator = { id: 3, config: { repeater: false, coordinator: true } };
  const repeatingCoordinator = { id: 4, config: { repeater: true, coordinator: true } };
  const noConfig = { id: 5, config: null };
  const radios = [plain, repeater, coordinator, repeatingCoordinator, noConfig];
  const units = [{ id: 10 }, { id: 11 }];
  const ids = (targets: readonly { id: number }[]): number[] => targets.map((t) => t.id);

  it.each<[AlarmTemplate, string, number[]]>([
    [T.anyRadioOverdue, 'radio', [1, 3, 5]],
    [T.allRadioOverdue, 'radio', [1, 3, 5]],
    [T.anyRepeaterOverdue, 'repeater', [2, 4]],
    [T.allRepeaterOverdue, 'repeater', [2, 4]],
    [T.anyCoordinatorOverdue, 'coordinator', [3, 4]],
    [T.allCoordinatorOverdue, 'coordinator', [3, 4]],
    [T.anyUnitOverdue, 'unit', [10, 11]],
    [T.allUnitOverdue, 'unit', [10, 11]],
    [T.simpleSetPoint, 'setPoint', []],
    [T.anySetPoint, 'setPoint', []],
  ])('template %d targets %s ids %j', (template, subject, expected) => {
    const result = alarmTemplateTargets(template, { radios, units });
    expect(result.subject).toBe(subject);
    expect(ids(result.targets as readonly { id: number }[])).toEqual(expected);
  });

  it('radio overdue excludes repeaters', () => {
    const { targets } = alarmTemplateTargets(T.anyRadioOverdue, { radios: [repeater], units: [] });
    expect(targets).toEqual([]);
  });
});
