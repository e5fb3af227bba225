/**
 * The site-wide maintenance worklist (issue 12; docs/maintenance.md): every radio and unit that
 * needs a visit, why, and how urgently. The rules live here once; the server applies them to
 * the site's devices and the console shows the answer.
 *
 * Reasons, most urgent first:
 * - overdue: no report for 1.5 × its interval (field/overdue.ts); nothing else it says is fresh;
 * - fault: the device's own fault flag (§3);
 * - lowBattery: below §9's 3.3 V (isLowBattery); below 3.0 V it is empty and ranks with overdue;
 * - manyMisses: more than §9's 10 missed reports since its last status;
 * - weakSignal: below §9's -99 dBm (isWeakSignal);
 * - batterySoon: its battery trend predicts 3.3 V within the chosen days (the sooner, the more
 *   urgent);
 * - signalSoon: its signal trend predicts -99 dBm within the chosen days.
 * Unlike §4's hardware counts, overdue does not hide the other reasons: the crew wants to know
 * the overdue radio also had a low battery, since that is likely why it went quiet.
 */
import { z } from 'zod';
import { BATTERY_EMPTY_V, RADIO_MISSES_THRESHOLD } from '../constants/thresholds.ts';
import { idSchema, isoDateTimeSchema } from '../entities/primitives.ts';
import { radioTypeSchema } from '../entities/vocabulary.ts';
import { isLowBattery, isWeakSignal } from '../states/radio-state.ts';
import type { FairUseState } from '../lorawan/airtime.ts';
import type { Trend } from './trend.ts';

export const maintenanceReasonSchema = z.enum([
  'overdue',
  'fault',
  'lowBattery',
  'manyMisses',
  'airtime',
  'weakSignal',
  'batterySoon',
  'signalSoon',
]);
export type MaintenanceReason = z.infer<typeof maintenanceReasonSchema>;

/** Default and limits of the worklist's "predicted within N days". */
export const MAINTENANCE_WITHIN_DAYS = { default: 30, min: 1, max: 365 } as const;

const DAY_MS = 86_400_000;

/** What the rules read of a radio or unit (units have no battery, signal or misses of their own). */
export type MaintenanceInput = {
  overdue: boolean;
  fault: boolean | null;
  batteryValue: number | null;
  signalValue: number | null;
  missesValue: number | null;
  battery: Trend | null;
  signal: Trend | null;
  /** A LoRaWAN device's air time against The Things Network's fair use; null for others. */
  airtime: FairUseState | null;
};

/** Urgency of each reason on a 0–100 scale; a row takes its most urgent reason's. */
const URGENCY: Record<MaintenanceReason, number> = {
  overdue: 100,
  fault: 90,
  lowBattery: 80,
  manyMisses: 60,
  // Past the fair use the network may throttle the device: readings lost, as with many misses.
  airtime: 55,
  weakSignal: 50,
  batterySoon: 40,
  signalSoon: 20,
};

/** An empty battery (at or below 3.0 V) is as urgent as a silent device: it is about to be one. */
const EMPTY_BATTERY_URGENCY = 95;

/** Days until a trend's first predicted crossing, or null. */
export function daysUntilCrossing(trend: Trend | null, now: Date): number | null {
  const at = trend?.state === 'falling' ? trend.crossings[0]?.at : null;
  if (!at) return null;
  return Math.max(0, (Date.parse(at) - now.getTime()) / DAY_MS);
}

/** The reasons a device is on the worklist, most urgent first; empty when it needs nothing. */
export function maintenanceReasons(
  device: MaintenanceInput,
  now: Date,
  withinDays: number,
): MaintenanceReason[] {
  const reasons: MaintenanceReason[] = [];
  if (device.overdue) reasons.push('overdue');
  if (device.fault === true) reasons.push('fault');
  const low = isLowBattery(device.batteryValue);
  if (low) reasons.push('lowBattery');
  if (device.missesValue !== null && device.missesValue > RADIO_MISSES_THRESHOLD) {
    reasons.push('manyMisses');
  }
  if (device.airtime === 'will-pass' || device.airtime === 'passed') reasons.push('airtime');
  const weak = isWeakSignal(device.signalValue);
  if (weak) reasons.push('weakSignal');
  const batteryDays = daysUntilCrossing(device.battery, now);
  if (!low && batteryDays !== null && batteryDays <= withinDays) reasons.push('batterySoon');
  const signalDays = daysUntilCrossing(device.signal, now);
  if (!weak && signalDays !== null && signalDays <= withinDays) reasons.push('signalSoon');
  return reasons;
}

/**
 * How urgent a device is, 0–100: its most urgent reason, an empty battery ranking with overdue,
 * and a predicted battery need the more urgent the sooner it comes (40 today down to 30 at the
 * end of the window).
 */
export function maintenanceUrgency(
  device: MaintenanceInput,
  reasons: readonly MaintenanceReason[],
  now: Date,
  withinDays: number,
): number {
  let urgency = 0;
  for (const reason of reasons) {
    let score = URGENCY[reason];
    if (
      reason === 'lowBattery' &&
      device.batteryValue !== null &&
      device.batteryValue <= BATTERY_EMPTY_V
    ) {
      score = EMPTY_BATTERY_URGENCY;
    }
    if (reason === 'batterySoon') {
      const days = daysUntilCrossing(device.battery, now) ?? withinDays;
      score = URGENCY.batterySoon - Math.round((10 * days) / Math.max(withinDays, 1));
    }
    urgency = Math.max(urgency, score);
  }
  return urgency;
}

/** The trend of one metric as the worklist gives it. */
export const trendSummarySchema = z.object({
  state: z.enum(['insufficient', 'flat', 'falling', 'rising']),
  slopePerDay: z.number().nullable().describe('Units per day of the fitted segment (V, dBm)'),
  level: z.number().nullable().describe('The fitted value now'),
  fittedFrom: isoDateTimeSchema.nullable().describe('Start of the fitted segment (after a knee)'),
  days: z.number().int().nonnegative().describe('Days with readings in the fitted segment'),
  confidence: z.enum(['low', 'medium', 'high']).nullable(),
  crossings: z.array(
    z.object({
      level: z.number(),
      crossed: z.boolean(),
      at: isoDateTimeSchema.nullable(),
      earliest: isoDateTimeSchema.nullable(),
      latest: isoDateTimeSchema.nullable(),
    }),
  ),
});

/** Air time against The Things Network's fair use (lorawan/airtime.ts fairUse), seconds. */
export const airtimeSummarySchema = z.object({
  state: z.enum(['within', 'will-pass', 'passed']),
  usedSeconds: z.number().nonnegative(),
  projectedSeconds: z.number().nonnegative(),
  limitSeconds: z.number().positive(),
});

export const maintenanceItemSchema = z.object({
  kind: z.enum(['radio', 'unit']),
  id: idSchema,
  serialno: z.string(),
  /** Radio type (§3); null for a unit. */
  type: radioTypeSchema.nullable(),
  /** The section (zone) the radio serves, if any. */
  section: z.object({ id: idSchema, label: z.string() }).nullable(),
  reasons: z.array(maintenanceReasonSchema).min(1),
  urgency: z.number().int().min(0).max(100),
  overdue: z.boolean(),
  fault: z.boolean().nullable(),
  online: z.boolean().nullable(),
  batteryValue: z.number().nullable(),
  signalValue: z.number().nullable(),
  missesValue: z.number().nullable(),
  lastUpdate: isoDateTimeSchema.nullable(),
  reportIntervalSeconds: z.number().int().positive(),
  battery: trendSummarySchema.nullable(),
  signal: trendSummarySchema.nullable(),
  /** A LoRaWAN device's air time over the last 24 hours and at its rate; null for others. */
  airtime: airtimeSummarySchema.nullable(),
});
export type MaintenanceItem = z.infer<typeof maintenanceItemSchema>;

export const maintenanceAreaSchema = z.object({
  /** Null for units in no area. */
  area: z.object({ id: idSchema, label: z.string() }).nullable(),
  items: z.array(maintenanceItemSchema),
});
export type MaintenanceArea = z.infer<typeof maintenanceAreaSchema>;

export const maintenanceWorklistSchema = z.object({
  siteId: idSchema,
  generatedAt: isoDateTimeSchema,
  withinDays: z.number().int(),
  areas: z.array(maintenanceAreaSchema),
});
export type MaintenanceWorklist = z.infer<typeof maintenanceWorklistSchema>;

export const maintenanceQuerySchema = z.object({
  withinDays: z
    .string()
    .regex(/^\d+$/, 'Expected a whole number of days')
    .transform(Number)
    .pipe(z.number().int().min(MAINTENANCE_WITHIN_DAYS.min).max(MAINTENANCE_WITHIN_DAYS.max))
    .default(MAINTENANCE_WITHIN_DAYS.default)
    .describe(
      'Include devices whose battery or signal is predicted to cross its level within this many days',
    ),
});
export type MaintenanceQuery = z.infer<typeof maintenanceQuerySchema>;

/** Items most urgent first; ties by the sooner predicted battery need, then serial number. */
export function compareMaintenanceItems(
  a: Pick<MaintenanceItem, 'urgency' | 'serialno' | 'battery'>,
  b: Pick<MaintenanceItem, 'urgency' | 'serialno' | 'battery'>,
): number {
  if (a.urgency !== b.urgency) return b.urgency - a.urgency;
  const soon = (item: typeof a) => {
    const at = item.battery?.crossings[0]?.at;
    return at ? Date.parse(at) : Number.POSITIVE_INFINITY;
  };
  if (soon(a) !== soon(b)) return soon(a) < soon(b) ? -1 : 1;
  return a.serialno.localeCompare(b.serialno);
}

/**
 * Areas with their items sorted, the area whose most urgent item is most urgent first (ties by
 * label); the area-less group last.
 */
export function sortWorklistAreas(groups: readonly MaintenanceArea[]): MaintenanceArea[] {
  const sorted = groups
    .filter((group) => group.items.length > 0)
    .map((group) => ({ ...group, items: [...group.items].sort(compareMaintenanceItems) }));
  const top = (group: MaintenanceArea) => group.items[0]?.urgency ?? 0;
  return sorted.sort((a, b) => {
    if ((a.area === null) !== (b.area === null)) return a.area === null ? 1 : -1;
    if (top(a) !== top(b)) return top(b) - top(a);
    return (a.area?.label ?? '').localeCompare(b.area?.label ?? '');
  });
}
