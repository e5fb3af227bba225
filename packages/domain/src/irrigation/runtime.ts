/**
 * How long a zone waters (issue 4, program runner): depth, application rate, variations, cycles
 * and soaks, and the fixed time of a program test. Pure arithmetic on the §3 zone setting; units
 * of §9 (mm depth, % variation, cl cycles, hours between repeats).
 */
import { DEFAULT_APPLICATION_RATE_MM_PER_HOUR } from '../constants/limits.ts';
import type { ZoneSetting } from '../entities/program.ts';

const MS_PER_HOUR = 3_600_000;

/**
 * Ours: each zone of a program test (§4 "Test: pending then testStarted") runs this long, enough
 * to see a valve open, pressure come up and a flow meter move, short enough to walk the block.
 */
export const TEST_ZONE_SECONDS = 60;

/**
 * Ours: an open command's fail-safe (the device closes by itself when it runs out) outlasts the
 * planned watering by this much, so a close that travels slowly over a radio link still arrives
 * first, and a server that dies mid-zone over-waters by at most this.
 */
export const FAIL_SAFE_MARGIN_SECONDS = 120;

/**
 * Ours: a command still unanswered this long after the field link's own timeout is taken as
 * failed by the runner too, so a lost settlement can never hold a run forever.
 */
export const COMMAND_GRACE_SECONDS = 30;

/** A §3 variation (%) as a factor: +20 % is 1.2, -100 % (or less) gives no water. */
export function variationFactor(variation: number): number {
  return Math.max(0, 1 + variation / 100);
}

/** What the runtime of a zone reads from its setting. */
export type ZoneRuntimeInput = Pick<
  ZoneSetting,
  'depth' | 'variation' | 'cycles' | 'applicationRate'
>;

/**
 * Watering time of one run of a zone, ms: depth × setting variation × schedule variation ÷
 * application rate. The schedule's variation is "relative to the setting" (§3), so the two
 * multiply rather than add: +10 % on a zone already at +20 % gives 1.2 × 1.1.
 */
export function zoneRuntimeMs(setting: ZoneRuntimeInput, scheduleVariation = 0): number {
  const rate = setting.applicationRate ?? DEFAULT_APPLICATION_RATE_MM_PER_HOUR;
  const depth =
    setting.depth * variationFactor(setting.variation) * variationFactor(scheduleVariation);
  return Math.round((depth / rate) * MS_PER_HOUR);
}

/** Cycles (cl) a run is split into; 0 (not set) is one cycle. */
export function cyclesOf(setting: Pick<ZoneSetting, 'cycles'>): number {
  return Math.max(1, setting.cycles);
}

/** One cycle's share of the runtime, whole milliseconds (so a run waters cycles × this). */
export function cycleMsOf(runtimeMs: number, cycles: number): number {
  return Math.round(runtimeMs / Math.max(1, cycles));
}

/**
 * Ours: the soak between two cycles lasts as long as a cycle. Cycle-and-soak exists so water
 * soaks in before more is put on (heavy soils, slopes); the common rule of thumb is to soak at
 * least as long as the cycle ran. A one-cycle run has no soak.
 */
export function soakMsOf(cycleMs: number, cycles: number): number {
  return cycles > 1 ? cycleMs : 0;
}

/**
 * A valve's watering per cycle with its control variation (§3 schedule.controls): a control's
 * variation stretches or shortens that valve alone, so a zone with one dry corner can give its
 * valve more without changing the rest. The zone's cycle lasts as long as its longest valve.
 */
export function valveCycleMs(cycleMs: number, controlVariation = 0): number {
  return Math.round(cycleMs * variationFactor(controlVariation));
}

/** Hours between repeats as milliseconds. */
export function hoursToMs(hours: number): number {
  return Math.round(hours * MS_PER_HOUR);
}
