/**
 * Alarm templates of §9: what each template number watches, how its rule is built (condition,
 * severity, reset-after) and which radios or units it targets.
 */
import { z } from 'zod';
import type { AlarmRuleInput, StreamDataCondition } from '../entities/alarm.ts';
import type { AlarmOperator, AlarmSeverity, MetaType } from '../entities/vocabulary.ts';
import { FLOW_ALARMS, FLOW_METER_METRIC } from '../addons/flow-supervision.ts';
import { FAN_METRICS } from '../frost/fans.ts';
import {
  CANOPY_TEMPERATURE_C,
  FROST_FAN_BATTERY_EMPTY_V,
  FROST_FAN_BATTERY_THRESHOLD_V,
  FUEL_FAULT_PERCENT,
  FUEL_WARNING_PERCENT,
} from './thresholds.ts';

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
  /**
   * Ours (issue 15): a frost fan that should be running (its canopy at or below the start
   * temperature) but is not. §9 numbers its templates up to 16; ours start at 101 so they never
   * meet a future §9 number.
   */
  fanShouldRun: 101,
  /**
   * Ours (issue 31): tonight's forecast minimum of a frost area (FFST, frost/forecast.ts) at or
   * below the site's critical temperature plus its margin. Raised by the server's forecast, at
   * most once a night, not by a reading a device reports.
   */
  frostForecast: 102,
  /**
   * Ours (issue 31): a fan started from the console that showed no RPM within
   * FAN_START_CHECK_SECONDS. Raised by the server's start check, not by a rule a user writes.
   */
  fanFailedToStart: 103,
  /**
   * Ours (issue 30): the flow supervisor's alarms (addons/flow-supervision.ts FLOW_ALARMS), raised
   * by the server as it judges a water meter's readings against the zones running on it.
   */
  highFlow: 104,
  lowFlow: 105,
  unscheduledFlow: 106,
  mainlineBreak: 107,
} as const;

export type AlarmTemplateName = keyof typeof ALARM_TEMPLATES;
export type AlarmTemplate = (typeof ALARM_TEMPLATES)[AlarmTemplateName];
export const alarmTemplateSchema = z.literal(Object.values(ALARM_TEMPLATES));

/** How a template reads its targets: one target (simple), any of them, or all of them. */
export type AlarmTemplateScope = 'simple' | 'any' | 'all';
/** What a template watches: a reading against a set point, or the overdue flag of some hardware. */
export type AlarmTemplateSubject =
  | 'setPoint'
  | 'unit'
  | 'radio'
  | 'repeater'
  | 'coordinator'
  /** A frost fan against its canopy temperature (fanShouldRun). */
  | 'fan'
  /** A frost area's forecast minimum for tonight (frostForecast). */
  | 'frostForecast'
  /** A frost fan's remote start against its RPM (fanFailedToStart). */
  | 'fanStart'
  /** A water meter's flow against the zones running on it (the flow supervisor's four). */
  | 'flow';

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
  fanShouldRun: { scope: 'simple', subject: 'fan' },
  frostForecast: { scope: 'simple', subject: 'frostForecast' },
  fanFailedToStart: { scope: 'simple', subject: 'fanStart' },
  highFlow: { scope: 'simple', subject: 'flow' },
  lowFlow: { scope: 'simple', subject: 'flow' },
  unscheduledFlow: { scope: 'simple', subject: 'flow' },
  mainlineBreak: { scope: 'simple', subject: 'flow' },
} as const satisfies Record<AlarmTemplateName, AlarmTemplateKind>;

/** The subjects of the overdue templates (§9 5–16): they read the overdue flag of hardware. */
export const OVERDUE_SUBJECTS: readonly AlarmTemplateSubject[] = [
  'unit',
  'radio',
  'repeater',
  'coordinator',
];

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
  fanShouldRun: 'Fan should be running',
  frostForecast: 'Frost forecast',
  fanFailedToStart: 'Fan failed to start',
  highFlow: FLOW_ALARMS.highFlow.name,
  lowFlow: FLOW_ALARMS.lowFlow.name,
  unscheduledFlow: FLOW_ALARMS.unscheduledFlow.name,
  mainlineBreak: FLOW_ALARMS.mainlineBreak.name,
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
  // A fan that does not start on a frost night loses the crop by morning: worth a phone call.
  fan: 'critical',
  // The warning comes hours before the frost so the grower can act: it must wake them.
  frostForecast: 'critical',
  // The grower asked for the fan because the crop needs it now.
  fanStart: 'critical',
  // Water running where it should not; each flow template passes its own (Low flow: warning).
  flow: 'critical',
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

/**
 * The fanShouldRun rule's stream-data condition: the fan's RPM at 0 (not running). The canopy
 * half of the rule (at or below the start temperature) is read by `readFanShouldRun`.
 */
export const FAN_NOT_RUNNING_CONDITION = {
  type: 'streamData',
  path: FAN_METRICS.rpm,
  operator: 'equal',
  value: 0,
} as const satisfies StreamDataCondition;

/**
 * Decision: the grace a fan has to start once its canopy reaches the start temperature before
 * "should be running" is raised. Controllers start within a minute or two of the crossing (they
 * average their probe); five minutes covers that and a slow crank, and is still short against
 * the hour a canopy takes to lose another degree.
 */
export const FAN_SHOULD_RUN_GRACE = '00:05:00';

/**
 * How long a fan started from the console has to show RPM before "Fan failed to start" is raised
 * (issue 31). A diesel cranks and reaches speed within seconds; two minutes also covers a
 * controller's glow-plug preheat and a report that waits for the device's next uplink.
 */
export const FAN_START_CHECK_SECONDS = 120;

/**
 * The frostForecast rule's stream-data condition: the forecast minimum below the warning
 * threshold. The threshold is the site's (frost rules: critical temperature plus margin,
 * forecastWarningThreshold), read by the server's forecast; this value only names the metric.
 */
export const FROST_FORECAST_CONDITION = {
  type: 'streamData',
  path: 'frost.forecastMinimum',
  operator: 'lessThan',
  value: 0,
} as const satisfies StreamDataCondition;

/**
 * The flow templates' stream-data condition: the meter's flow. The limits are the zones' and the
 * meter's own (flow supervision), judged by the server's supervisor; this only names the metric.
 */
export const FLOW_CONDITION = {
  type: 'streamData',
  path: FLOW_METER_METRIC,
  operator: 'greaterThan',
  value: 0,
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
  /** fanShouldRun: the fan's start temperature (°C); absent: the site's frost rules'. */
  readonly startTemperature?: number;
  /** Defaults to the template's (fanShouldRun: FAN_SHOULD_RUN_GRACE); absent: at once. */
  readonly minimumDuration?: string;
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
  } else if (subject === 'fan' || subject === 'fanStart') {
    condition = { ...FAN_NOT_RUNNING_CONDITION };
  } else if (subject === 'frostForecast') {
    condition = { ...FROST_FORECAST_CONDITION };
  } else if (subject === 'flow') {
    condition = { ...FLOW_CONDITION };
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
    ...(subject === 'fan' && options.startTemperature !== undefined
      ? { startTemperature: options.startTemperature }
      : {}),
    ...(options.minimumDuration !== undefined
      ? { minimumDuration: options.minimumDuration }
      : subject === 'fan'
        ? { minimumDuration: FAN_SHOULD_RUN_GRACE }
        : {}),
  };
}

/** The part of a radio that decides which templates target it. */
export interface TemplateRadio {
  readonly config?: { readonly repeater?: boolean; readonly coordinator?: boolean } | null;
}

/** What a template watches among an area's hardware. Set-point templates watch a reading, not hardware. */
export type AlarmTemplateTargets<R, U> =
  | {
      readonly subject: 'setPoint' | 'fan' | 'fanStart' | 'frostForecast' | 'flow';
      readonly targets: readonly [];
    }
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
    case 'fan':
    case 'fanStart':
    case 'frostForecast':
    case 'flow':
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

/** A set point of a frost fan the alarm form offers (issue 15): a simple set point, filled in. */
export interface FanSetPointPreset {
  /** Names it in the form and is the rule's default name (a translation key in the console). */
  readonly name: string;
  readonly path: string;
  readonly operator: AlarmOperator;
  readonly threshold: number;
  readonly severity: AlarmSeverity;
  /** The metric of the fan's canopy sensor (temperature) rather than of the fan itself. */
  readonly canopy?: boolean;
}

/**
 * The fan set points (§9 thresholds): fuel warning 49 % and fault 12 %, controller battery 12 V
 * and empty 10.7 V, canopy temperature 0 °C. Decision: RPM has no §9 limit; the preset is an
 * overspeed above 2600 RPM (the fans run near 2350; a governor that lets go runs well past it),
 * the grower sets his own engine's figure. The empty tank, flat battery and frozen canopy are
 * critical (the fan will not run, or the crop is freezing); the rest warnings.
 */
export const FAN_SET_POINT_PRESETS: readonly FanSetPointPreset[] = [
  {
    name: 'Fuel low',
    path: FAN_METRICS.fuelLevel,
    operator: 'lessThan',
    threshold: FUEL_WARNING_PERCENT,
    severity: 'warning',
  },
  {
    name: 'Fuel empty',
    path: FAN_METRICS.fuelLevel,
    operator: 'lessThan',
    threshold: FUEL_FAULT_PERCENT,
    severity: 'critical',
  },
  {
    name: 'Fan battery low',
    path: FAN_METRICS.battery,
    operator: 'lessThan',
    threshold: FROST_FAN_BATTERY_THRESHOLD_V,
    severity: 'warning',
  },
  {
    name: 'Fan battery empty',
    path: FAN_METRICS.battery,
    operator: 'lessThan',
    threshold: FROST_FAN_BATTERY_EMPTY_V,
    severity: 'critical',
  },
  {
    name: 'Fan overspeed',
    path: FAN_METRICS.rpm,
    operator: 'greaterThan',
    threshold: 2600,
    severity: 'warning',
  },
  {
    name: 'Canopy below 0 °C',
    path: 'temperature',
    operator: 'lessThan',
    threshold: CANOPY_TEMPERATURE_C,
    severity: 'critical',
    canopy: true,
  },
];
