/**
 * The settings the API will take for water by need (issue 30, items 4 and 5): a program's skip
 * and adjust rules and its "water the deficit" mode. A rule that is absent is off; a rule that is
 * present with no threshold uses the default named beside it.
 */
import { z } from 'zod';

/**
 * Rain in the last 24 h at or above which a start is skipped (mm). 10 mm is about two summer days
 * of crop ET (FAO-56: ET0 of 4–6 mm/day in temperate summers), what a light irrigation replaces.
 */
export const DEFAULT_SKIP_RAIN_MM = 10;
/**
 * Wind above which a start is skipped (km/h). About 7 m/s: beyond it sprinkler drift grows and
 * the distribution uniformity falls off, so water goes off target. Drip is unaffected; turn it off.
 */
export const DEFAULT_SKIP_WIND_KPH = 25;
/** Temperature below which a start is skipped (°C): near freezing, water ices lines and leaves. */
export const DEFAULT_SKIP_TEMPERATURE_CELSIUS = 2;
/**
 * Soil moisture above which a start is skipped (volumetric %). 30 % is about field capacity of a
 * loam (FAO-56 Table 19: θFC 0.22–0.36); wetter, the water only drains. Set it per soil.
 */
export const DEFAULT_SKIP_SOIL_MOISTURE_PERCENT = 30;
/** How old a reading may be at the start and still count (minutes). */
export const DEFAULT_SKIP_READING_MAX_AGE_MINUTES = 60;
/** The most a seasonal adjustment may scale a run (%): Hydrawise adjusts up to +100 %; room for more. */
export const SEASONAL_PERCENT_MAX = 300;

export const skipRainRuleSchema = z.strictObject({
  atLeastMm: z.number().nonnegative().default(DEFAULT_SKIP_RAIN_MM),
});
export const skipWindRuleSchema = z.strictObject({
  aboveKph: z.number().nonnegative().default(DEFAULT_SKIP_WIND_KPH),
});
export const skipTemperatureRuleSchema = z.strictObject({
  belowCelsius: z.number().min(-50).max(60).default(DEFAULT_SKIP_TEMPERATURE_CELSIUS),
});
export const skipSoilMoistureRuleSchema = z.strictObject({
  abovePercent: z.number().min(0).max(100).default(DEFAULT_SKIP_SOIL_MOISTURE_PERCENT),
});

/** % of the run by month, January first; 100 leaves it as it is, 0 skips the month. */
export const seasonalAdjustmentSchema = z.strictObject({
  percentByMonth: z
    .array(z.number().int().min(0).max(SEASONAL_PERCENT_MAX))
    .length(12, 'One percentage per month, January to December')
    .default(() => Array.from({ length: 12 }, () => 100)),
});

/** A program's skip and adjust rules; an absent rule is off. */
export const programSkipRulesSchema = z.strictObject({
  rain: skipRainRuleSchema.optional(),
  wind: skipWindRuleSchema.optional(),
  temperature: skipTemperatureRuleSchema.optional(),
  soilMoisture: skipSoilMoistureRuleSchema.optional(),
  seasonal: seasonalAdjustmentSchema.optional(),
  maxReadingAgeMinutes: z
    .number()
    .int()
    .positive()
    .max(24 * 60)
    .default(DEFAULT_SKIP_READING_MAX_AGE_MINUTES),
});
/** The rules as the API takes them (thresholds may be left out). */
export type ProgramSkipRulesInput = z.input<typeof programSkipRulesSchema>;
/** The rules with their defaults filled in: what decideSkip reads. */
export type ProgramSkipRules = z.output<typeof programSkipRulesSchema>;

/** Water the deficit: the trigger as a % of RAW (default 100) and a rain allowance (mm, default 0). */
export const deficitModeSettingsSchema = z.strictObject({
  triggerPercentOfRaw: z.number().positive().max(100).default(100),
  rainAllowance: z.number().nonnegative().max(500).default(0),
});
export type DeficitModeSettings = z.output<typeof deficitModeSettingsSchema>;

/** A zone's depth limits for one run (mm); null for none. The minimum may not pass the maximum. */
export const zoneDepthLimitsSchema = z
  .strictObject({
    minDepth: z.number().nonnegative().nullable().default(null),
    maxDepth: z.number().positive().nullable().default(null),
  })
  .refine(
    (limits) =>
      limits.minDepth === null || limits.maxDepth === null || limits.minDepth <= limits.maxDepth,
    { message: 'The minimum depth may not be more than the maximum', path: ['minDepth'] },
  );
export type ZoneDepthLimits = z.output<typeof zoneDepthLimitsSchema>;
