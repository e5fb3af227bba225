/**
 * Frost fan operating rules a council sets (issue 15): when a fan may start, when it must stop,
 * the wind it must shut down in and the hours it may run. Per site; each default names where it
 * comes from, since a compliance report is only as good as the rule it is checked against.
 */
import { z } from 'zod';
import { FAN_START_TEMPERATURE_C } from './fans.ts';

/** Local time of day 'HH:MM' (24 h). */
const timeOfDaySchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'A time of day is HH:MM');

export const frostRulesSchema = z.strictObject({
  /** A start is permitted only at or below this canopy temperature (°C). */
  startAtOrBelow: z.number().min(FAN_START_TEMPERATURE_C.min).max(FAN_START_TEMPERATURE_C.max),
  /** A run must have stopped once the rising canopy temperature reaches this (°C). */
  stopBy: z.number().min(-10).max(20),
  /** The fan must shut down when the wind is above this (km/h); null: no wind rule. */
  windShutdownAbove: z.number().positive().max(200).nullable(),
  /** Local hours a fan may run, from–to (the window may cross midnight); null: any hour. */
  permittedHours: z.strictObject({ from: timeOfDaySchema, to: timeOfDaySchema }).nullable(),
  /**
   * The crop's critical temperature the early warning guards (°C, issue 31); absent: the start
   * temperature (startAtOrBelow), the temperature the fans are there for.
   */
  criticalTemperature: z.number().min(-15).max(10).optional(),
  /**
   * Tonight's forecast warns at or below the critical temperature plus this (°C); absent:
   * FORECAST_WARNING_MARGIN_DEFAULT (1 °C, see forecast.ts).
   */
  forecastMargin: z.number().min(0).max(5).optional(),
  /** Where the rule comes from (plan, consent), printed on every report. */
  source: z.string().min(1).max(300),
});
export type FrostRules = z.infer<typeof frostRulesSchema>;

/**
 * The rules we know. Western Bay of Plenty District Plan s4C (frost fans a controlled activity):
 * may operate when the air at trellis height is at or below 2 °C and must stop when the rising
 * temperature reaches 4 °C. A Marlborough consent (Tirosh Estate, Jan 2014, the conditions the
 * Marlborough Express reported): start only at or below 1 °C, shut down at 2 °C, automatic
 * shutdown when the wind is above 8 km/h. Neither sets permitted hours.
 */
export const FROST_RULE_PRESETS = {
  westernBayOfPlenty: {
    startAtOrBelow: 2,
    stopBy: 4,
    windShutdownAbove: null,
    permittedHours: null,
    source: 'Western Bay of Plenty District Plan s4C: start at or below 2 °C, stop by 4 °C',
  },
  marlboroughConsent: {
    startAtOrBelow: 1,
    stopBy: 2,
    windShutdownAbove: 8,
    permittedHours: null,
    source:
      'Marlborough resource consent (Tirosh Estate, 2014): start at or below 1 °C, stop at 2 °C, shut down above 8 km/h wind',
  },
} as const satisfies Record<string, FrostRules>;

export type FrostRulePreset = keyof typeof FROST_RULE_PRESETS;

/**
 * The rules a site has until someone sets its own: Marlborough's consent for a Marlborough site,
 * else the Western Bay of Plenty plan rule (the only district plan rule text we hold; Hawke's Bay
 * and the Australian states' rule text was not found), marked as a default in its source.
 */
export function defaultFrostRules(region: string | null | undefined): FrostRules {
  if (region && /marlborough/i.test(region)) return { ...FROST_RULE_PRESETS.marlboroughConsent };
  const preset = FROST_RULE_PRESETS.westernBayOfPlenty;
  if (region && /bay of plenty/i.test(region)) return { ...preset };
  return {
    ...preset,
    source: `${preset.source} (default: no rule known for ${region ?? 'this region'})`,
  };
}

/** Whether a local time of day (minutes after midnight) lies in the permitted hours. */
export function withinPermittedHours(rules: FrostRules, minuteOfDay: number): boolean {
  if (!rules.permittedHours) return true;
  const minutes = (text: string) => Number(text.slice(0, 2)) * 60 + Number(text.slice(3, 5));
  const from = minutes(rules.permittedHours.from);
  const to = minutes(rules.permittedHours.to);
  return from <= to
    ? minuteOfDay >= from && minuteOfDay < to
    : minuteOfDay >= from || minuteOfDay < to;
}
