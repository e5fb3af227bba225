/**
 * The shapes of frost protection's answers (issue 15): the frost summary of an area, a fan's run
 * as the compliance record has it, the fueling record, and a site's frost rules. The spec names
 * frostSummary, frostCompliance and fuelingReport but gives no shape; these are ours.
 */
import { z } from 'zod';
import { idSchema, isoDateTimeSchema, nullableIsoDateTimeSchema } from '../entities/primitives.ts';
import { FAN_TRIGGERS } from './fans.ts';
import { frostRulesSchema } from './rules.ts';

const count = z.number().int().nonnegative();

/** A fan's state as the frost page shows it. */
export const fanStateSchema = z.enum(['running', 'stopped', 'fault', 'unknown']);
export type FanState = z.infer<typeof fanStateSchema>;

/** Why a fan is counted as a fault (its controller's engine fault, or §9 thresholds: fuel fault 12 %, battery empty 10.7 V, trip 24 h). */
export const fanFaultSchema = z.enum(['engine', 'fuel', 'battery', 'trip', 'overdue']);
export type FanFault = z.infer<typeof fanFaultSchema>;

/** A reading with where it was taken. */
const placedReadingSchema = z.object({
  value: z.number(),
  /** The sensor (canopy temperature sensor or fan) it came from. */
  sensor: idSchema,
  label: z.string(),
  at: nullableIsoDateTimeSchema,
});

/** An inversion's class (frost/inversion.ts INVERSION_THRESHOLDS_C): whether a fan has warm air to mix down. */
export const inversionClassSchema = z.enum(['strong', 'weak', 'none']);
export type InversionClass = z.infer<typeof inversionClassSchema>;

/** Tower minus canopy (°C) and its class. */
export const inversionSchema = z.object({
  value: z.number(),
  class: inversionClassSchema,
});
export type Inversion = z.infer<typeof inversionSchema>;

/** One fan's inversion now: its tower temperature minus its block's canopy (°C). */
const fanInversionSchema = z.object({
  /** The fan (its engine controller's sensor). */
  sensor: idSchema,
  label: z.string(),
  tower: z.number().nullable(),
  canopy: z.number().nullable(),
  /** Null when the tower or the canopy has no reading. */
  inversion: inversionSchema.nullable(),
  /** When the older of the two readings was taken. */
  at: nullableIsoDateTimeSchema,
});
export type FanInversion = z.infer<typeof fanInversionSchema>;

/** GET areas/{id}/frost-summary, and areas[].frost of the site summary (null for other areas). */
export const frostSummarySchema = z.object({
  area: idSchema,
  fans: count,
  fansRunning: count,
  fansFault: count,
  /** Each fan that is in fault now, with every reason. */
  faults: z.array(
    z.object({ sensor: idSchema, label: z.string(), reasons: z.array(fanFaultSchema) }),
  ),
  /** The lowest canopy temperature reported now (°C), and the sensor; null with no reading. */
  coldestCanopy: placedReadingSchema.nullable(),
  /** Start of tonight (local noon before now, in the site's zone): the frost night's start. */
  nightStart: isoDateTimeSchema,
  /** Minutes since nightStart that any canopy sensor of the area read below 0 °C (§9 canopy temperature 0). */
  minutesBelowZeroTonight: count,
  /** The fan with the least fuel (%); null with no reading. */
  lowestFuel: placedReadingSchema.nullable(),
  /** Each fan's inversion now, in the fans' order. */
  fanInversions: z.array(fanInversionSchema),
  /** The area's inversion now: the mean over fans with readings of the last 30 min; null with none. */
  inversion: inversionSchema.nullable(),
});
export type FrostSummary = z.infer<typeof frostSummarySchema>;

/** What started a run: the controller on its own, an operator at the fan, a test run, or a start from the console. */
export const fanTriggerSchema = z.enum(FAN_TRIGGERS);
export type FanTrigger = z.infer<typeof fanTriggerSchema>;

/** A compliance flag on a run. */
export const frostRunFlagSchema = z.enum([
  /** Started with the canopy above the permitted start temperature. */
  'startAboveTemperature',
  /** Kept running after the canopy had reached the stop temperature. */
  'ranPastStopTemperature',
  /** Ran while the wind was above the shutdown speed. */
  'ranInWind',
  /** Ran outside the permitted hours. */
  'outsidePermittedHours',
  /** A reading the record needs (canopy, RPM) was missing at the start, the stop or for over 30 min. */
  'missingData',
]);
export type FrostRunFlag = z.infer<typeof frostRunFlagSchema>;

/** One run of one fan: the frost compliance record. Temperatures °C, wind km/h, fuel %. */
export const frostRunSchema = z.object({
  /** The fan (its engine controller's sensor id). */
  fan: idSchema,
  fanLabel: z.string(),
  start: isoDateTimeSchema,
  /** Null while the fan still runs. */
  stop: nullableIsoDateTimeSchema,
  durationMinutes: z.number().nonnegative(),
  trigger: fanTriggerSchema,
  canopyAtStart: z.number().nullable(),
  canopyAtStop: z.number().nullable(),
  towerAtStart: z.number().nullable(),
  /** Tower minus canopy at the start: how much warm air the fan had to mix down. */
  inversionAtStart: z.number().nullable(),
  /** The class of inversionAtStart (frost/inversion.ts); null when it is. */
  inversionClassAtStart: inversionClassSchema.nullable(),
  lowestCanopy: z.number().nullable(),
  highestWind: z.number().nullable(),
  /** Times during the run the wind rose above the shutdown speed. */
  windShutdowns: count,
  averageRpm: z.number().nullable(),
  engineHoursStart: z.number().nullable(),
  engineHoursEnd: z.number().nullable(),
  fuelStart: z.number().nullable(),
  fuelEnd: z.number().nullable(),
  flags: z.array(frostRunFlagSchema),
});
export type FrostRun = z.infer<typeof frostRunSchema>;

/** A fan's totals over the report's range (the season totals when the range is the season). */
export const frostFanTotalsSchema = z.object({
  fan: idSchema,
  fanLabel: z.string(),
  runs: count,
  hours: z.number().nonnegative(),
  flaggedRuns: count,
  fuelUsed: z.number().nonnegative(),
});
export type FrostFanTotals = z.infer<typeof frostFanTotalsSchema>;

/** GET areas/{id}/frost-runs: the runs in a range with the rules they were checked against. */
export const frostRunsSchema = z.object({
  area: idSchema,
  from: isoDateTimeSchema,
  to: isoDateTimeSchema,
  timeZone: z.string(),
  rules: frostRulesSchema,
  runs: z.array(frostRunSchema),
  totals: z.array(frostFanTotalsSchema),
});
export type FrostRuns = z.infer<typeof frostRunsSchema>;

/** A refill: the fuel level jumped up between two readings. */
export const fuelRefillSchema = z.object({
  at: isoDateTimeSchema,
  from: z.number(),
  to: z.number(),
  /** Engine hours run since the refill before (or the range's start). */
  engineHoursSincePrevious: z.number().nullable(),
});
export type FuelRefill = z.infer<typeof fuelRefillSchema>;

/** The fueling record of one fan. Fuel in % of the tank (the controller reports no litres). */
export const fanFuelingSchema = z.object({
  fan: idSchema,
  fanLabel: z.string(),
  /** Fuel burned per frost night (local date the night began, YYYY-MM-DD). */
  nights: z.array(
    z.object({
      night: z.string(),
      fuelUsed: z.number().nonnegative(),
      engineHours: z.number().nonnegative(),
    }),
  ),
  fuelUsed: z.number().nonnegative(),
  refills: z.array(fuelRefillSchema),
  /** The last level and the burn rate of the last run (%/h) give hours of running left. */
  fuelNow: z.number().nullable(),
  burnPerHour: z.number().nullable(),
  hoursLeft: z.number().nullable(),
});
export type FanFueling = z.infer<typeof fanFuelingSchema>;

/** GET sites/{id}/frost-rules and its PUT's answer. */
export const siteFrostRulesSchema = z.object({
  site: idSchema,
  rules: frostRulesSchema,
  /** True while the site has no rules of its own and the regional default applies. */
  isDefault: z.boolean(),
});
export type SiteFrostRules = z.infer<typeof siteFrostRulesSchema>;
