/**
 * The alarm form (§3 Alarm and rule, §9 templates): a rule made from a template, on a target of
 * the area, with its set point, operator and reset-after. The rule itself is built by the
 * domain's `alarmRuleFromTemplate`; this module keeps what the form shows and checks (§5: target,
 * target type and threshold are defined before a rule is created).
 *
 * Targets: every set-point template watches one metric of one sensor of the area (the server
 * reads a set point from its sensor's latest values); the overdue templates watch the area's
 * radios, repeaters, coordinators or units (§9's `alarmTemplateTargets`), so they name the area
 * itself as their target.
 */
import {
  ALARM_TEMPLATES,
  ALARM_TEMPLATE_LABELS,
  alarmResetAfter,
  alarmRuleFromTemplate,
  alarmTemplateKind,
  alarmTemplateName,
  alarmTemplateSeverity,
  resetAfterSchema,
  DEFAULT_SET_POINT_OPERATOR,
  type Alarm,
  type AlarmCreateBody,
  type AlarmOperator,
  type AlarmSeverity,
  type AlarmTemplate,
  type MetaType,
  type Sensor,
} from '@paddock/domain';

/** Every template, in the order the form offers them (set points first). */
export const TEMPLATE_CHOICES: readonly AlarmTemplate[] = [
  ALARM_TEMPLATES.simpleSetPoint,
  ALARM_TEMPLATES.anySetPoint,
  ALARM_TEMPLATES.allSetPoint,
  ALARM_TEMPLATES.anyRadioOverdue,
  ALARM_TEMPLATES.allRadioOverdue,
  ALARM_TEMPLATES.anyRepeaterOverdue,
  ALARM_TEMPLATES.allRepeaterOverdue,
  ALARM_TEMPLATES.anyCoordinatorOverdue,
  ALARM_TEMPLATES.allCoordinatorOverdue,
  ALARM_TEMPLATES.anyUnitOverdue,
  ALARM_TEMPLATES.allUnitOverdue,
];

export const OPERATORS: readonly AlarmOperator[] = ['greaterThan', 'lessThan', 'equal'];
export const SEVERITIES: readonly AlarmSeverity[] = ['critical', 'warning', 'info'];

/** Metrics an alarm never compares with a set point: overdue is the overdue templates' own. */
const NOT_SET_POINT_METRICS = new Set(['overdue']);

export interface AlarmForm {
  readonly template: AlarmTemplate;
  readonly name: string;
  /** The sensor of a set point; null for templates that watch the area's hardware. */
  readonly sensor: number | null;
  /** The metric compared with the set point (set-point templates). */
  readonly path: string;
  /** Typed text; a number once valid. */
  readonly threshold: string;
  /** Ours (hysteresis): the value to be back past before it clears; blank is the set point. */
  readonly clearValue: string;
  readonly operator: AlarmOperator;
  readonly severity: AlarmSeverity;
  /** HH:MM:SS; blank for none. */
  readonly resetAfter: string;
  /** Ours: HH:MM:SS the condition must hold before it raises; blank for at once. */
  readonly minimumDuration: string;
  readonly enabled: boolean;
  /** Contact notification ids told when it fires. */
  readonly notifications: readonly number[];
}

export type AlarmFormField = keyof AlarmForm;
export type AlarmFormErrors = Partial<Record<AlarmFormField, string>>;

export function isSetPointTemplate(template: AlarmTemplate): boolean {
  return alarmTemplateKind(template).subject === 'setPoint';
}

/** The label a template goes by (its default rule name), as a translation key. */
export function templateLabel(template: AlarmTemplate): string {
  return ALARM_TEMPLATE_LABELS[alarmTemplateName(template)];
}

/** The metrics a sensor can be watched on. */
export function sensorMetrics(sensor: Pick<Sensor, 'topics'>): string[] {
  return sensor.topics
    .map((topic) => topic.metric)
    .filter((metric) => !NOT_SET_POINT_METRICS.has(metric));
}

/** A new form for a template, with its defaults (§9 severity and reset-after). */
export function newAlarmForm(template: AlarmTemplate = ALARM_TEMPLATES.simpleSetPoint): AlarmForm {
  return {
    template,
    name: templateLabel(template),
    sensor: null,
    path: '',
    threshold: '',
    clearValue: '',
    operator: DEFAULT_SET_POINT_OPERATOR,
    severity: alarmTemplateSeverity(template),
    resetAfter: alarmResetAfter(template) ?? '',
    minimumDuration: '',
    enabled: true,
    notifications: [],
  };
}

/**
 * Another template chosen: its severity and reset-after replace the old template's, and the
 * name too while it was the old template's default; the target stays when it still fits.
 */
export function withTemplate(form: AlarmForm, template: AlarmTemplate): AlarmForm {
  const fresh = newAlarmForm(template);
  const keepsSensor = isSetPointTemplate(template);
  return {
    ...form,
    template,
    name: form.name === templateLabel(form.template) || form.name === '' ? fresh.name : form.name,
    severity: fresh.severity,
    resetAfter: fresh.resetAfter,
    sensor: keepsSensor ? form.sensor : null,
    path: isSetPointTemplate(template) ? form.path : '',
  };
}

/** The form of a saved alarm. */
export function alarmFormOf(alarm: Alarm): AlarmForm {
  const [condition] = alarm.rule.conditions.all;
  const template = alarm.rule.template as AlarmTemplate;
  const setPoint = isSetPointTemplate(template);
  return {
    template,
    name: alarm.label || alarm.rule.name,
    sensor: alarm.rule.targetType === 'sensor' ? alarm.rule.target : null,
    path: setPoint ? condition.path : '',
    threshold: setPoint ? String(condition.value) : '',
    clearValue: alarm.rule.clearValue === undefined ? '' : String(alarm.rule.clearValue),
    operator: condition.operator,
    severity: alarm.rule.severity,
    resetAfter: alarm.rule.resetAfter ?? '',
    minimumDuration: alarm.rule.minimumDuration ?? '',
    enabled: alarm.rule.enabled,
    notifications: alarm.notifications,
  };
}

function parseNumber(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '' || !/^[-+]?(\d+\.?\d*|\.\d+)$/.test(trimmed)) return null;
  return Number(trimmed);
}

/** Messages (translation keys) of the form's failing fields; empty when it can be saved. */
export function alarmFormErrors(form: AlarmForm): AlarmFormErrors {
  const errors: AlarmFormErrors = {};
  if (form.name.trim() === '') errors.name = 'Alarms.Form.NameRequired';
  if (isSetPointTemplate(form.template)) {
    if (form.sensor === null) errors.sensor = 'Alarms.Form.TargetRequired';
    if (form.path === '') errors.path = 'Alarms.Form.MetricRequired';
    const threshold = parseNumber(form.threshold);
    if (threshold === null) errors.threshold = 'Alarms.Form.ThresholdRequired';
    if (form.clearValue.trim() !== '') {
      const clear = parseNumber(form.clearValue);
      if (clear === null) errors.clearValue = 'Alarms.Form.NumberInvalid';
      else if (threshold !== null && !clearsOnTheOtherSide(form.operator, threshold, clear)) {
        errors.clearValue = 'Alarms.Form.ClearValueSide';
      }
    }
  }
  if (
    form.resetAfter.trim() !== '' &&
    !resetAfterSchema.safeParse(form.resetAfter.trim()).success
  ) {
    errors.resetAfter = 'Alarms.Form.DurationInvalid';
  }
  if (
    form.minimumDuration.trim() !== '' &&
    !resetAfterSchema.safeParse(form.minimumDuration.trim()).success
  ) {
    errors.minimumDuration = 'Alarms.Form.DurationInvalid';
  }
  return errors;
}

/**
 * Hysteresis only makes sense on the safe side of the set point: below it for greaterThan,
 * above it for lessThan; equal has no side, so any value other than the set point.
 */
function clearsOnTheOtherSide(operator: AlarmOperator, threshold: number, clear: number): boolean {
  switch (operator) {
    case 'greaterThan':
      return clear <= threshold;
    case 'lessThan':
      return clear >= threshold;
    case 'equal':
      return true;
  }
}

/** The target a form's rule names: the sensor of a set point, else the area. */
export function formTarget(
  form: AlarmForm,
  areaId: number,
): { target: number; targetType: MetaType } {
  return form.sensor !== null && isSetPointTemplate(form.template)
    ? { target: form.sensor, targetType: 'sensor' }
    : { target: areaId, targetType: 'area' };
}

/**
 * POST areas/{areaId}/alarms for a form without errors. `active` is the alarm's switch: a new
 * alarm is on. For an edit, `id` keeps the rule's id.
 */
export function alarmBodyOf(
  form: AlarmForm,
  areaId: number,
  options: { readonly id?: number; readonly active?: boolean } = {},
): AlarmCreateBody {
  const setPoint = isSetPointTemplate(form.template);
  const threshold = parseNumber(form.threshold);
  const clear = parseNumber(form.clearValue);
  const rule = alarmRuleFromTemplate(form.template, {
    ...formTarget(form, areaId),
    ...(setPoint && threshold !== null ? { threshold } : {}),
    ...(setPoint ? { path: form.path, operator: form.operator } : {}),
    name: form.name.trim(),
    severity: form.severity,
    enabled: form.enabled,
  });
  return {
    active: options.active ?? true,
    notifications: [...form.notifications],
    rule: {
      ...rule,
      ...(options.id === undefined ? {} : { id: options.id }),
      resetAfter: form.resetAfter.trim() === '' ? null : form.resetAfter.trim(),
      ...(setPoint && clear !== null ? { clearValue: clear } : {}),
      ...(form.minimumDuration.trim() === ''
        ? {}
        : { minimumDuration: form.minimumDuration.trim() }),
    },
  };
}
