/** Alarm and alarm rule (§3): a threshold or overdue check on a target, with its notifications. */
import { z } from 'zod';
import { idParamsSchema } from './params.ts';
import { LABEL_MAX_LENGTH, METRIC_MAX_LENGTH } from '../constants/limits.ts';
import { FAN_START_TEMPERATURE_C } from '../frost/fans.ts';
import { idSchema, nonEmptyStringSchema, nonEmptyTextSchema } from './primitives.ts';
import { alarmOperatorSchema, alarmSeveritySchema, metaTypeSchema } from './vocabulary.ts';
import { alarmStateSchema } from './alarm-notification.ts';

/** Compares a reported value at `path` (e.g. soil.moisture, overdue) with `value` (§3). */
export const streamDataConditionSchema = z.strictObject({
  type: z.literal('streamData'),
  /** Metric path on the target; overdue alarms use the digital `overdue` path (§9). */
  path: nonEmptyTextSchema(METRIC_MAX_LENGTH),
  operator: alarmOperatorSchema,
  value: z.number(),
});
export type StreamDataCondition = z.infer<typeof streamDataConditionSchema>;

/**
 * The status condition of a rule (§3 names it without fields). Decision: its type is all it
 * holds; a condition with any other key is refused, so nothing unread is stored.
 */
export const statusConditionSchema = z.strictObject({ type: z.literal('status') });
export type StatusCondition = z.infer<typeof statusConditionSchema>;

/** A rule's conditions (§3): all of one stream-data condition and a status condition. */
export const alarmConditionsSchema = z.strictObject({
  all: z.tuple([streamDataConditionSchema, statusConditionSchema]),
});
export type AlarmConditions = z.infer<typeof alarmConditionsSchema>;

/** Hours:minutes:seconds, hours may exceed 23 (§9 reset-after 24:00:00). */
export const resetAfterSchema = z
  .string()
  .regex(/^\d{2,}:[0-5]\d:[0-5]\d$/, 'Reset-after must be HH:MM:SS');

export const alarmRuleSchema = z.object({
  id: idSchema,
  name: nonEmptyStringSchema,
  severity: alarmSeveritySchema,
  /** Id of the target thing, of kind targetType. */
  target: idSchema,
  targetType: metaTypeSchema,
  enabled: z.boolean(),
  /** Alarm template number (§9: simple set point 1, any set point 2, …). */
  template: z.number().int().positive(),
  conditions: alarmConditionsSchema,
  /**
   * How long until an alarm resets; null for all-type templates (§9). Ours: the value must stay
   * back past the clear threshold this long before the alarm clears; null clears at once.
   */
  resetAfter: resetAfterSchema.nullable(),
  /**
   * Ours (hysteresis): the value the reading must be back past before the alarm can clear, e.g.
   * raise above 30, clear below 28. Absent: the set point itself. Set-point templates only.
   */
  clearValue: z.number().optional(),
  /**
   * Ours: how long the condition must hold before the alarm is raised, HH:MM:SS, so a value
   * brushing the set point once does not fire. Absent: at once.
   */
  minimumDuration: resetAfterSchema.optional(),
  /**
   * Ours, the fanShouldRun template (issue 15): the canopy temperature (°C) at or below which the
   * fan should be running. Absent: the site's frost rules' start temperature (startAtOrBelow).
   */
  startTemperature: z
    .number()
    .min(FAN_START_TEMPERATURE_C.min)
    .max(FAN_START_TEMPERATURE_C.max)
    .optional(),
});
export type AlarmRule = z.infer<typeof alarmRuleSchema>;

/** A rule as sent when creating or editing an alarm: the server gives new rules their id. */
export const alarmRuleInputSchema = z.strictObject({
  ...alarmRuleSchema.shape,
  name: nonEmptyTextSchema(LABEL_MAX_LENGTH),
  id: idSchema.optional(),
});
export type AlarmRuleInput = z.infer<typeof alarmRuleInputSchema>;

export const alarmSchema = z.object({
  id: idSchema,
  /** Area id. */
  area: idSchema,
  /** Site id. */
  site: idSchema,
  active: z.boolean(),
  rule: alarmRuleSchema,
  /** Ids of the contact notifications told when the alarm fires. */
  notifications: z.array(idSchema),
  label: z.string(),
  /** The set point, as in the rule's stream-data condition. */
  threshold: z.number(),
  operator: alarmOperatorSchema,
  /** Ours: where the alarm stands (always sent by the server). */
  state: alarmStateSchema.optional(),
});
export type Alarm = z.infer<typeof alarmSchema>;

/** POST areas/{areaId}/alarms (§7). */
export const alarmCreateBodySchema = z.strictObject({
  active: z.boolean(),
  rule: alarmRuleInputSchema,
  notifications: z.array(idSchema),
});
export type AlarmCreateBody = z.infer<typeof alarmCreateBodySchema>;

/** PUT areas/{areaId}/alarms/{id} (§7). Decision: any of the create fields, at least one. */
export const alarmUpdateBodySchema = alarmCreateBodySchema
  .partial()
  .refine(
    (body) =>
      body.active !== undefined || body.rule !== undefined || body.notifications !== undefined,
    'Nothing to update: give active, rule or notifications',
  );
export type AlarmUpdateBody = z.infer<typeof alarmUpdateBodySchema>;

/** areas/{areaId}/alarms (§7): the area in the path is named areaId. */
export const areaAlarmsParamSchema = idParamsSchema('areaId');
export type AreaAlarmsParam = z.infer<typeof areaAlarmsParamSchema>;

/** areas/{areaId}/alarms/{id} (§7). */
export const areaAlarmParamSchema = idParamsSchema('areaId', 'id');
export type AreaAlarmParam = z.infer<typeof areaAlarmParamSchema>;
