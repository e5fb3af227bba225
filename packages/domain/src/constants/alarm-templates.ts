/**
 * Alarm templates of §9: what each template number watches, how its rule is built (condition,
 * severity, reset-after) and which radios or units it targets.
 */
import { z } from 'zod';
import type { AlarmRuleInput, StreamDataCondition } from '../entities/alarm.ts';
import type { AlarmOperator, AlarmSeverity, MetaType } from '../entities/vocabulary.ts';

/** Template numbers as stored in an alarm rule's `template`. */
export const ALARM_TEMPLATES = {
  simpleSetPoint: 1,
  anySetPoint: 2,
  allUnitOverdue: 5,
  allSetPoint: 6,
  anyUnitOverdue: 7,
  allRadioOverdue: 8,
  anyRadioOverdue: 9,
  allRepeaterOverdue: 10,
  anyRepeaterOverdue: 11,
  allCoordinatorOverdue: 15,
  anyCoordinatorOverdue: 16,
} as const;

export type AlarmTemplateName = keyof typeof ALARM_TEMPLATES;
export type AlarmTemplate = (typeof ALARM_TEMPLATES)[AlarmTemplateName];
export const alarmTemplateSchema = z.literal(Object.values(ALARM_TEMPLATES));

/** How a template reads its targets: one target (simple), any of them, or all of them. */
export type AlarmTemplateScope = 'simple' | 'any' | 'all';
/** What a template watches: a reading against a set point, or the overdue flag of some hardware. */
export type AlarmTemplateSubject = 'setPoint' | 'unit' | 'radio' | 'repeater' | 'coordinator';

export interface AlarmTemplateKind {
  readonly scope: AlarmTemplateScope;
  readonly subject: AlarmTemplateSubject;
}

export const ALARM_TEMPLATE_KINDS = {
  simpleSetPoint: { scope: 'simple', subject: 'setPoint' },
  anySetPoint: { scope: 'any', subject: 'setPoint' },
  allSetPoint: { scope: 'all', subject: 'setPoint' },
  allUnitOverdue: { scope: 'all', subject: 'unit' },
  anyUnitOverdue: { scope: 'any', subject: 'unit' },
  allRadioOverdue: { scope: 'all', subject: 'radio' },
  anyRadioOverdue: { scope: 'any', subject: 'radio' },
  allRepeaterOverdue: { scope: 'all', subject: 'repeater' },
  anyRepeaterOverdue: { scope: 'any', subject: 'repeater' },
  allCoordinatorOverdue: { scope: 'all', subject: 'coordinator' },
  anyCoordinatorOverdue: { scope: 'any', subject: 'coordinator' },
} as const satisfies Record<AlarmTemplateName, AlarmTemplateKind>;

/** Default rule names, one per template. Decision: the template's name in words. */
export const ALARM_TEMPLATE_LABELS = {
  simpleSetPoint: 'Set point',
  anySetPoint: 'Any set point',
  allSetPoint: 'All set point',
  allUnitOverdue: 'All units overdue',
  anyUnitOverdue: 'Any unit overdue',
  allRadioOverdue: 'All radios overdue',
  anyRadioOverdue: 'Any radio overdue',
  allRepeaterOverdue: 'All repeaters overdue',
  anyRepeaterOverdue: 'Any repeater overdue',
  allCoordinatorOverdue: 'All coordinators overdue',
  anyCoordinatorOverdue: 'Any coordinator overdue',
} as const satisfies Record<AlarmTemplateName, string>;

const NAME_BY_TEMPLATE = Object.fromEntries(
  Object.entries(ALARM_TEMPLATES).map(([name, template]) => [template, name]),
) as Record<AlarmTemplate, AlarmTemplateName>;

/** The name of a template number, e.g. 9 → anyRadioOverdue. */
export function alarmTemplateName(template: AlarmTemplate): AlarmTemplateName {
  return NAME_BY_TEMPLATE[template];
}

export function alarmTemplateKind(template: AlarmTemplate): AlarmTemplateKind {
  return ALARM_TEMPLATE_KINDS[alarmTemplateName(template)];
}

/** How long an alarm stays raised before it resets, HH:MM:SS (§9). */
export const ALARM_RESET_AFTER = {
  anySetPoint: '00:30:00',
  anyOverdue: '24:00:00',
} as const;

/**
 * Reset-after of a template's rule (§9): any set point 00:30:00, any overdue 24:00:00, all-type
 * none. Decision: the simple set point (unnamed in §9) has none either.
 */
export function alarmResetAfter(template: AlarmTemplate): string | null {
  const { scope, subject } = alarmTemplateKind(template);
  if (scope !== 'any') return null;
  return subject === 'setPoint' ? ALARM_RESET_AFTER.anySetPoint : ALARM_RESET_AFTER.anyOverdue;
}

/**
 * Severity per subject (§9): unit and coordinator overdue critical, radio and repeater overdue
 * warning. Decision: set-point rules default to warning (§9 is silent); the caller may override.
 */
export const ALARM_SUBJECT_SEVERITY = {
  setPoint: 'warning',
  unit: 'critical',
  coordinator: 'critical',
  radio: 'warning',
  repeater: 'warning',
} as const satisfies Record<AlarmTemplateSubject, AlarmSeverity>;

export function alarmTemplateSeverity(template: AlarmTemplate): AlarmSeverity {
  return ALARM_SUBJECT_SEVERITY[alarmTemplateKind(template).subject];
}

/** Every overdue template's condition (§9): the digital `overdue` reading equals 1. */
export const OVERDUE_CONDITION = {
  type: 'streamData',
  path: 'overdue',
  operator: 'equal',
  value: 1,
} as const satisfies StreamDataCondition;

/** Decision: a set-point rule with no operator fires when the reading exceeds the set point. */
export const DEFAULT_SET_POINT_OPERATOR: AlarmOperator = 'greaterThan';

export interface AlarmRuleOptions {
  /** Id of the thing watched. */
  readonly target: number;
  readonly targetType: MetaType;
  /** Set point; required by set-point templates, ignored by overdue ones. */
  readonly threshold?: number;
  /** Comparison with the set point; defaults to greaterThan. Ignored by overdue templates. */
  readonly operator?: AlarmOperator;
  /** Metric path compared (e.g. soil.moisture); required by set-point templates. */
  readonly path?: string;
  /** Defaults to the template's label. */
  readonly name?: string;
  /** Defaults to the template's severity. */
  readonly severity?: AlarmSeverity;
  /** Defaults to true. */
  readonly enabled?: boolean;
}

/**
 * A new alarm rule from a template (§3, §9), ready to send (the server gives it its id). Throws,
 * as §5 asserts, when target or target type is missing, or when a set-point template lacks its
 * threshold or path.
 */
export function alarmRuleFromTemplate(
  template: AlarmTemplate,
  options: AlarmRuleOptions,
): AlarmRuleInput {
  const { target, targetType } = options;
  if (target === undefined || target === null) throw new Error('Alarm rule needs a target');
  if (targetType === undefined || targetType === null) {
    throw new Error('Alarm rule needs a target type');
  }
  const name = alarmTemplateName(template);
  const { subject } = ALARM_TEMPLATE_KINDS[name];
  let condition: StreamDataCondition;
  if (subject === 'setPoint') {
    if (options.threshold === undefined || options.threshold === null) {
      throw new Error('Alarm rule needs a threshold');
    }
    if (!options.path) throw new Error('Alarm rule needs a metric path');
    condition = {
      type: 'streamData',
      path: options.path,
      operator: options.operator ?? DEFAULT_SET_POINT_OPERATOR,
      value: options.threshold,
    };
  } else {
    condition = { ...OVERDUE_CONDITION };
  }
  return {
    name: options.name ?? ALARM_TEMPLATE_LABELS[name],
    severity: options.severity ?? ALARM_SUBJECT_SEVERITY[subject],
    target,
    targetType,
    enabled: options.enabled ?? true,
    template,
    conditions: { all: [condition, { type: 'status' }] },
    resetAfter: alarmResetAfter(template),
  };
}

/** The part of a radio that decides which templates target it. */
export interface TemplateRadio {
  readonly config?: { readonly repeater?: boolean; readonly coordinator?: boolean } | null;
}

/** What a template watches among an area's hardware. Set-point templates watch a reading, not hardware. */
export type AlarmTemplateTargets<R, U> =
  | { readonly subject: 'setPoint'; readonly targets: readonly [] }
  | { readonly subject: 'unit'; readonly targets: readonly U[] }
  | { readonly subject: 'radio' | 'repeater' | 'coordinator'; readonly targets: readonly R[] };

/**
 * The hardware a template watches (§9): unit templates every unit; radio templates every radio
 * but repeaters; repeater templates radios with config.repeater true; coordinator templates radios
 * flagged coordinator. Decision: a coordinator that is not a repeater is also a plain radio target.
 */
export function alarmTemplateTargets<R extends TemplateRadio, U>(
  template: AlarmTemplate,
  hardware: { readonly radios: readonly R[]; readonly units: readonly U[] },
): AlarmTemplateTargets<R, U> {
  const { subject } = alarmTemplateKind(template);
  switch (subject) {
    case 'setPoint':
      return { subject, targets: [] };
    case 'unit':
      return { subject, targets: hardware.units };
    case 'radio':
      return {
        subject,
        targets: hardware.radios.filter((radio) => radio.config?.repeater !== true),
      };
    case 'repeater':
      return {
        subject,
        targets: hardware.radios.filter((radio) => radio.config?.repeater === true),
      };
    case 'coordinator':
      return {
        subject,
        targets: hardware.radios.filter((radio) => radio.config?.coordinator === true),
      };
  }
}
