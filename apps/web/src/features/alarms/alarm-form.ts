/**
 * The alarm form (§3 Alarm and rule, §9 templates): a rule made from a template, on a target of
 * the area, with its set point, operator and reset-after. The rule itself is built by the
 * domain's `alarmRuleFromTemplate`; this module keeps what the form shows and checks (§5: target,
 * target type and threshold are defined before a rule is created).
 *
 * Targets: every set-point template watches one metric of one sensor of the area (the server
 * reads a set point from its sensor's latest values); the overdue templates watch the area's
 * radios, repeaters, coordinators or units (§9's `alarmTemplateTargets`), so they name the area
 * itself as their target; "fan should be running" (frost areas, issue 15) watches one frost fan.
 */
import {
  ALARM_TEMPLATES,
  ALARM_TEMPLATE_LABELS,
  FAN_SET_POINT_PRESETS,
  FAN_SHOULD_RUN_GRACE,
  FAN_START_TEMPERATURE_C,
  isFrostFan,
  type FanSetPointPreset,
  alarmResetAfter,
  alarmRuleFromTemplate,
  alarmTemplateKind,
  alarmTemplateName,
  alarmTemplateSeverity,
  clearValueProblem,
  resetAfterSchema,
  DEFAULT_SET_POINT_OPERATOR,
  type Alarm,
  type AlarmCreateBody,
  type AlarmOperator,
  type AlarmSeverity,
  type AlarmTemplate,
  type Area,
  type MetaType,
  type Sensor,
} from '@paddock/domain';

/** Every template, in the order the form offers them (set points first). */
const TEMPLATE_CHOICES: readonly AlarmTemplate[] = [
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

/** The templates offered in an area: every §9 template, and on a frost area the fan's too. */
export function templateChoices(area: Pick<Area, 'type'>): readonly AlarmTemplate[] {
  return area.type === 'frost'
    ? [...TEMPLATE_CHOICES.slice(0, 3), ALARM_TEMPLATES.fanShouldRun, ...TEMPLATE_CHOICES.slice(3)]
    : TEMPLATE_CHOICES;
}

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
  /** fanShouldRun: the fan's start temperature (°C); blank for the site's frost rules'. */
  readonly startTemperature: string;
  readonly enabled: boolean;
  /** Contact notification ids told when it fires. */
  readonly notifications: readonly number[];
}

export type AlarmFormField = keyof AlarmForm;
export type AlarmFormErrors = Partial<Record<AlarmFormField, string>>;

export function isSetPointTemplate(template: AlarmTemplate): boolean {
  return alarmTemplateKind(template).subject === 'setPoint';
}

/** "Fan should be running" (ours): watches one frost fan against its canopy. */
export function isFanTemplate(template: AlarmTemplate): boolean {
  return alarmTemplateKind(template).subject === 'fan';
}

/** Templates whose target is one sensor the form picks: set points and the fan's. */
export function watchesSensor(template: AlarmTemplate): boolean {
  return isSetPointTemplate(template) || isFanTemplate(template);
}

/** The sensors a template may watch: any of the area's, or its frost fans for the fan's. */
export function targetSensors(template: AlarmTemplate, sensors: readonly Sensor[]): Sensor[] {
  return isFanTemplate(template) ? sensors.filter(isFrostFan) : [...sensors];
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
    // The fan's grace before "should be running" is raised is the template's own.
    minimumDuration: isFanTemplate(template) ? FAN_SHOULD_RUN_GRACE : '',
    startTemperature: '',
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
  const keepsSensor =
    watchesSensor(template) && isFanTemplate(template) === isFanTemplate(form.template);
  return {
    ...form,
    template,
    name: form.name === templateLabel(form.template) || form.name === '' ? fresh.name : form.name,
    severity: fresh.severity,
    resetAfter: fresh.resetAfter,
    minimumDuration:
      isFanTemplate(template) || isFanTemplate(form.template)
        ? fresh.minimumDuration
        : form.minimumDuration,
    sensor: keepsSensor ? form.sensor : null,
    path: isSetPointTemplate(template) ? form.path : '',
  };
}

/**
 * A fan set point chosen (frost areas): a simple set point on the preset's metric, threshold,
 * operator and severity, named `name` (the preset's name in the user's language). The target
 * stays when it reports the metric, else the area's first sensor that does (a fan for the
 * engine's metrics, a canopy sensor for the canopy temperature).
 */
export function withFanPreset(
  form: AlarmForm,
  preset: FanSetPointPreset,
  name: string,
  sensors: readonly Sensor[],
): AlarmForm {
  const fits = (sensor: Sensor) =>
    isFrostFan(sensor) !== (preset.canopy === true) &&
    sensor.topics.some((topic) => topic.metric === preset.path);
  const current = sensors.find((sensor) => sensor.id === form.sensor);
  const target = current && fits(current) ? current : sensors.find(fits);
  return {
    ...newAlarmForm(ALARM_TEMPLATES.simpleSetPoint),
    notifications: form.notifications,
    enabled: form.enabled,
    name,
    sensor: target?.id ?? null,
    path: preset.path,
    operator: preset.operator,
    threshold: String(preset.threshold),
    severity: preset.severity,
  };
}

/** The fan set points the form offers on a frost area (§9 thresholds). */
export const FAN_PRESETS = FAN_SET_POINT_PRESETS;

/** The form of a saved alarm. */
export function alarmFormOf(alarm: Alarm): AlarmForm {
  const [condition] = alarm.rule.conditions.all;
  const template = alarm.rule.template as AlarmTemplate;
  const setPoint = isSetPointTemplate(template);
  return {
    template,
    startTemperature:
      alarm.rule.startTemperature === undefined ? '' : String(alarm.rule.startTemperature),
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
  if (isFanTemplate(form.template)) {
    if (form.sensor === null) errors.sensor = 'Alarms.Form.FanRequired';
    if (form.startTemperature.trim() !== '') {
      const start = parseNumber(form.startTemperature);
      if (start === null) errors.startTemperature = 'Alarms.Form.NumberInvalid';
      else if (start < FAN_START_TEMPERATURE_C.min || start > FAN_START_TEMPERATURE_C.max) {
        errors.startTemperature = 'Alarms.Form.StartRange';
      }
    }
  }
  if (isSetPointTemplate(form.template)) {
    if (form.sensor === null) errors.sensor = 'Alarms.Form.TargetRequired';
    if (form.path === '') errors.path = 'Alarms.Form.MetricRequired';
    const threshold = parseNumber(form.threshold);
    if (threshold === null) errors.threshold = 'Alarms.Form.ThresholdRequired';
    if (form.clearValue.trim() !== '') {
      const clear = parseNumber(form.clearValue);
      if (clear === null) errors.clearValue = 'Alarms.Form.NumberInvalid';
      else if (threshold !== null && clearProblem(form.operator, threshold, clear) !== null) {
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

/** The domain's clear-value check (the server's too) on the form's operator and set point. */
function clearProblem(operator: AlarmOperator, threshold: number, clear: number): string | null {
  return clearValueProblem({
    conditions: { all: [{ operator, value: threshold }] },
    clearValue: clear,
  });
}

/** The target a form's rule names: the sensor of a set point or a fan, else the area. */
function formTarget(form: AlarmForm, areaId: number): { target: number; targetType: MetaType } {
  return form.sensor !== null && watchesSensor(form.template)
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
  const start = isFanTemplate(form.template) ? parseNumber(form.startTemperature) : null;
  const rule = alarmRuleFromTemplate(form.template, {
    ...formTarget(form, areaId),
    ...(start !== null ? { startTemperature: start } : {}),
    ...(setPoint && threshold !== null ? { threshold } : {}),
    ...(setPoint ? { path: form.path, operator: form.operator } : {}),
    name: form.name.trim(),
    severity: form.severity,
    enabled: form.enabled,
  });
  // The form's minimum duration is the rule's, the template's default grace included: blank is
  // at once.
  delete rule.minimumDuration;
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
