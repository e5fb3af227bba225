/**
 * Program (§3): one per area; its status (§4 activity), schedule and per-zone application and
 * setting. Also the bodies of PUT programs/{id} and POST programs/{id}/start|resume|pause|test (§7).
 */
import { z } from 'zod';
import {
  idSchema,
  isoDateTimeSchema,
  nonEmptyStringSchema,
  nullableIsoDateTimeSchema,
  requestIdSchema,
} from './primitives.ts';
import {
  irrigationTypeSchema,
  programActivitySchema,
  pumpActionSchema,
  requestStatusSchema,
  zoneApplicationStatusSchema,
} from './vocabulary.ts';
import {
  DEFAULT_APPLICATION_RATE_MM_PER_HOUR,
  MAX_APPLICATION_RATE_MM_PER_HOUR,
  MAX_CYCLES,
  MAX_DEPTH_MM,
  MAX_REPEAT_INTERVAL_HOURS,
  MAX_REPEATS,
  MAX_VARIATION_PERCENT,
  MAX_ZONE_RUNTIME_HOURS,
  MIN_APPLICATION_RATE_MM_PER_HOUR,
  MIN_VARIATION_PERCENT,
} from '../constants/limits.ts';
import { MAX_SEQUENCES_PER_PROGRAM } from '../constants/thresholds.ts';
import { INVALID_CONTROL_CONFIGURATION } from '../states/control.ts';
import { deficitModeSettingsSchema, programSkipRulesSchema } from '../water-balance/schemas.ts';

/** An instant of a run that may be unknown: absent or null both mean "not happened". */
export const runTimeSchema = nullableIsoDateTimeSchema.optional();

/** Program status (§3): the activity of §4 and the times of the current or last run. */
export const programStatusSchema = z.object({
  activity: programActivitySchema,
  startTime: runTimeSchema,
  endTime: runTimeSchema,
  stoppedTime: runTimeSchema,
  /** True while a start/resume/pause/test request is still being carried out. */
  requestActive: z.boolean(),
  /** The request in flight or last sent, if any. */
  requestId: requestIdSchema.nullable().optional(),
});
export type ProgramStatus = z.infer<typeof programStatusSchema>;

/** The status of a program that has never run: stopped, no times, no request. A new object each call. */
export function neverRunProgramStatus(): ProgramStatus {
  return {
    activity: 'stopped',
    startTime: null,
    endTime: null,
    stoppedTime: null,
    requestActive: false,
    requestId: null,
  };
}

/**
 * A change to the share of water given to a zone (%), relative to its setting: 0 is unchanged.
 * Between MIN_VARIATION_PERCENT (no water) and MAX_VARIATION_PERCENT (double); finite, as every
 * number of a program (zod refuses Infinity and NaN).
 */
export const variationSchema = z.number().min(MIN_VARIATION_PERCENT).max(MAX_VARIATION_PERCENT);

/**
 * §4, §8: a control config without both variation and exclude is refused with 'invalid control
 * configuration'; other faults (e.g. variation below the floor) keep their own message.
 */
const controlConfigError = {
  error: (issue: { code?: string }) =>
    issue.code === 'invalid_type' ? INVALID_CONTROL_CONFIGURATION : undefined,
};

/** Per-control override in the schedule (§3, §4 "control config"): kept only if it changes something. */
export const controlConfigSchema = z.object({
  /** Control id. */
  id: idSchema,
  variation: z.number(controlConfigError).min(MIN_VARIATION_PERCENT).max(MAX_VARIATION_PERCENT),
  /** The valve is left out of runs (shows the not-interested icon, §4). */
  exclude: z.boolean(controlConfigError),
});
export type ControlConfig = z.infer<typeof controlConfigSchema>;

/**
 * Hours one run of a zone lasts by its setting (depth with its variation ÷ rate), as
 * irrigation/runtime.ts computes it (that module reads this one's types, so the arithmetic is
 * not imported from it).
 */
function settingRuntimeHours(setting: {
  depth: number;
  variation: number;
  applicationRate?: number | undefined;
}): number {
  const rate = setting.applicationRate ?? DEFAULT_APPLICATION_RATE_MM_PER_HOUR;
  return (setting.depth * Math.max(0, 1 + setting.variation / 100)) / rate;
}

/** Per-zone variation in the schedule (§3). */
export const programVariationSchema = z.object({
  /** Section (zone) id. */
  id: idSchema,
  variation: variationSchema,
  /** Manual zones run only when started by hand; with banned this is the zone test mode (§4). */
  manual: z.boolean(),
});
export type ProgramVariation = z.infer<typeof programVariationSchema>;

/** One sequence: the section ids run in order. */
export const programSequenceSchema = z.array(idSchema);
export type ProgramSequence = z.infer<typeof programSequenceSchema>;

/** Program schedule (§3). A section of the area found in no sequence is banned (§4). */
export const programScheduleSchema = z.object({
  /** A manual program runs only when started by hand (§4 "Manual when schedule.manual is true"). */
  manual: z.boolean(),
  /** Pump control ids attached to the program. */
  attachments: z.array(idSchema),
  /**
   * §3 pump actions in force for the attached pumps (addons/pump-actions.ts); absent means
   * autoPumpStart and autoPumpStop, the runner's behaviour before pump actions.
   */
  pumpActions: z
    .array(pumpActionSchema)
    .refine((actions) => new Set(actions).size === actions.length, 'A pump action is listed once')
    .optional(),
  // §9 'sequences per program 4'.
  sequences: z
    .array(programSequenceSchema)
    .max(MAX_SEQUENCES_PER_PROGRAM, `A program has at most ${MAX_SEQUENCES_PER_PROGRAM} sequences`),
  variations: z.array(programVariationSchema),
  controls: z.array(controlConfigSchema),
  /**
   * Issue 30 item 5: the skip and adjust rules checked when a start begins. Absent means none: the
   * program starts as it did before the rules existed, and no decision is kept.
   */
  skipRules: programSkipRulesSchema.optional(),
  /**
   * Issue 30 item 4, "water the deficit": at a start of the whole program only the zones whose
   * root-zone depletion passed the trigger run, each for the depth that refills it. Absent or
   * null: every zone runs its set depth.
   */
  deficitMode: deficitModeSettingsSchema.nullable().optional(),
});
export type ProgramSchedule = z.infer<typeof programScheduleSchema>;

/** How far one zone is through the current or last run (§3 "Zone application"). */
export const zoneApplicationSchema = z.object({
  irrigationType: irrigationTypeSchema,
  status: zoneApplicationStatusSchema,
  startTime: runTimeSchema,
  endTime: runTimeSchema,
  stoppedTime: runTimeSchema,
  resumeTime: runTimeSchema,
  /** Cycles completed in this run: at most every cycle of the setting. */
  cycleCount: z.number().int().nonnegative().max(MAX_CYCLES),
  /**
   * Ours: true while the zone is on its last cycle. §4 colours a zone irrigated only when its last
   * cycle is true or undefined, so absent means "last cycle".
   */
  lastCycle: z.boolean().optional(),
  /** Ours: the zone has had its water in the last run (§4 irrigated colour). */
  irrigated: z.boolean().optional(),
});
export type ZoneApplication = z.infer<typeof zoneApplicationSchema>;

/** Per-zone irrigation setting (§3); units from §9: mm depth, % variation, cl cycles, hours. */
export const zoneSettingSchema = z
  .object({
    /** Section (zone) id. */
    id: idSchema,
    /** Water depth to apply, mm: at most MAX_DEPTH_MM (deeper drains past the roots). */
    depth: z.number().nonnegative().max(MAX_DEPTH_MM),
    /** Variation, %. */
    variation: variationSchema,
    /** Cycles (cl) the depth is split into; 0 is one. At most MAX_CYCLES. */
    cycles: z.number().int().nonnegative().max(MAX_CYCLES),
    /**
     * Ours: how fast the zone's emitters put water on, mm/h; runtime = depth ÷ rate. Absent means
     * DEFAULT_APPLICATION_RATE_MM_PER_HOUR (constants/limits.ts). Bounded both ways: a rate near
     * 0 would make the runtime endless.
     */
    applicationRate: z
      .number()
      .min(MIN_APPLICATION_RATE_MM_PER_HOUR)
      .max(MAX_APPLICATION_RATE_MM_PER_HOUR)
      .optional(),
    manual: z.boolean(),
    /** The zone repeats its run after repeatInterval hours, repeatCount more times. */
    repeat: z.boolean(),
    /** Hours between repeats: at most MAX_REPEAT_INTERVAL_HOURS (a week). */
    repeatInterval: z.number().nonnegative().max(MAX_REPEAT_INTERVAL_HOURS),
    /** Repeats still to come: at most MAX_REPEATS. */
    repeatCount: z.number().int().nonnegative().max(MAX_REPEATS),
    /** In no sequence of the program (§4 zone banned). */
    banned: z.boolean(),
  })
  // The runtime is depth ÷ rate, two numbers each in range whose ratio may not be: a zone that
  // would water for days is a typo in one of them. On depth, the field the form edits.
  .refine((setting) => settingRuntimeHours(setting) <= MAX_ZONE_RUNTIME_HOURS, {
    path: ['depth'],
    message: `A zone waters at most ${MAX_ZONE_RUNTIME_HOURS} hours a run: lower the depth or raise the application rate`,
  });
export type ZoneSetting = z.infer<typeof zoneSettingSchema>;

/** One zone of a program: the section id, its application and its setting. */
export const programZoneSchema = z.object({
  /** Section id. */
  id: idSchema,
  application: zoneApplicationSchema,
  setting: zoneSettingSchema,
});
export type ProgramZone = z.infer<typeof programZoneSchema>;

/** Program (§3): one per area. */
export const programSchema = z.object({
  id: idSchema,
  name: nonEmptyStringSchema,
  /** Area id. */
  area: idSchema,
  status: programStatusSchema,
  schedule: programScheduleSchema,
  zones: z.array(programZoneSchema),
  modified: isoDateTimeSchema,
});
export type Program = z.infer<typeof programSchema>;

/** A stored number brought into [min, max]; a non-number (JSON keeps Infinity as null) is `neutral`. */
function bounded(value: unknown, min: number, max: number, neutral: number, whole = false): number {
  if (typeof value !== 'number' || Number.isNaN(value)) return neutral;
  const within = Math.min(max, Math.max(min, value));
  return whole ? Math.floor(within) : within;
}

/**
 * A program as stored, each number brought into the bounds above: a program saved before they
 * existed can still be shown and edited (it parses). Nothing waters by these: the runner checks
 * the stored numbers and leaves a zone out of range out of the run (irrigation/runner.ts).
 */
export function programWithinBounds<P extends { schedule: ProgramSchedule; zones: ProgramZone[] }>(
  program: P,
): P {
  const variation = (value: unknown) =>
    bounded(value, MIN_VARIATION_PERCENT, MAX_VARIATION_PERCENT, 0);
  const zones = program.zones.map((zone) => {
    const { setting, application } = zone;
    const rate =
      setting.applicationRate === undefined
        ? undefined
        : bounded(
            setting.applicationRate,
            MIN_APPLICATION_RATE_MM_PER_HOUR,
            MAX_APPLICATION_RATE_MM_PER_HOUR,
            DEFAULT_APPLICATION_RATE_MM_PER_HOUR,
          );
    const within = {
      ...setting,
      depth: bounded(setting.depth, 0, MAX_DEPTH_MM, 0),
      variation: variation(setting.variation),
      cycles: bounded(setting.cycles, 0, MAX_CYCLES, 0, true),
      ...(rate !== undefined && { applicationRate: rate }),
      repeatInterval: bounded(setting.repeatInterval, 0, MAX_REPEAT_INTERVAL_HOURS, 0),
      repeatCount: bounded(setting.repeatCount, 0, MAX_REPEATS, 0, true),
    };
    // The longest run the bounds allow, at the zone's rate, by lowering its depth.
    const hours = settingRuntimeHours(within);
    if (hours > MAX_ZONE_RUNTIME_HOURS) {
      within.depth = (within.depth * MAX_ZONE_RUNTIME_HOURS) / hours;
    }
    const cycleCount = bounded(application.cycleCount, 0, MAX_CYCLES, 0, true);
    return { ...zone, application: { ...application, cycleCount }, setting: within };
  });
  const schedule = {
    ...program.schedule,
    variations: program.schedule.variations.map((entry) => ({
      ...entry,
      variation: variation(entry.variation),
    })),
    controls: program.schedule.controls.map((entry) => ({
      ...entry,
      variation: variation(entry.variation),
    })),
  };
  return { ...program, schedule, zones };
}

/** PUT programs/{id} (§7): any of name, schedule, zones; every irrigation edit kind of §3 saves this way. */
export const programUpdateBodySchema = z
  .object({
    name: nonEmptyStringSchema,
    schedule: programScheduleSchema,
    zones: z.array(programZoneSchema),
  })
  .partial()
  .refine(
    (body) => body.name !== undefined || body.schedule !== undefined || body.zones !== undefined,
    'Nothing to update: give name, schedule or zones',
  );
export type ProgramUpdateBody = z.infer<typeof programUpdateBodySchema>;

/**
 * POST programs/{id}/start|resume|pause|test (§7): optional start time, zones limited to these
 * section ids, or the request being followed up.
 */
export const programActionBodySchema = z.object({
  startTime: isoDateTimeSchema.optional(),
  zones: z.array(idSchema).min(1).optional(),
  requestId: requestIdSchema.optional(),
});
export type ProgramActionBody = z.infer<typeof programActionBodySchema>;

/** Response to a program action (§7 "response status"). */
export const programActionResponseSchema = z.object({
  status: requestStatusSchema,
  requestId: requestIdSchema,
});
export type ProgramActionResponse = z.infer<typeof programActionResponseSchema>;
