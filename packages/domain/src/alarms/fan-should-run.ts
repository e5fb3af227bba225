/**
 * "Fan should be running but is not" (issue 15, the fanShouldRun template): the canopy of a frost
 * fan's block is at or below the fan's start temperature while the fan stands still. Pure: the
 * caller reads the fan's RPM and the canopy temperatures; the grace before the raise is the rule's
 * minimum duration and the state machine is `stepAlarm`'s, as for every other rule.
 *
 * Flapping: a canopy hovering at the start temperature would raise and clear the alarm by turns
 * (and ring the grower each time). The clear therefore needs the fan turning, or the canopy back
 * above the start temperature by a margin (`FAN_SHOULD_RUN_CLEAR_MARGIN_C`, or the rule's own
 * `clearValue`); between the two the alarm stays where it is.
 */
import type { AlarmRule } from '../entities/alarm.ts';
import type { FrostRules } from '../frost/rules.ts';
import type { RuleReading } from './rules.ts';

/**
 * Decision: the canopy must be this far (°C) above the start temperature before the alarm clears
 * while the fan still stands. Half a degree is five times a canopy probe's resolution (0.1 °C)
 * and well inside the 2–3 °C between a start and a stop rule (frost/rules.ts presets).
 */
export const FAN_SHOULD_RUN_CLEAR_MARGIN_C = 0.5;

/** The start temperature a rule judges by: its own, else the site's frost rules'. */
export function fanStartTemperature(
  rule: Pick<AlarmRule, 'startTemperature'>,
  siteRules: Pick<FrostRules, 'startAtOrBelow'>,
): number {
  return rule.startTemperature ?? siteRules.startAtOrBelow;
}

/**
 * The canopy temperature a fan answers to: its own block's (the fan's canopy probe, or the canopy
 * sensor on its radio), else the area's coldest, since a fan with no probe of its own protects
 * the coldest block it can. Null when nothing reported.
 */
export function fanCanopyTemperature(
  own: number | null,
  area: readonly (number | null)[],
): number | null {
  if (own !== null) return own;
  const known = area.filter((value): value is number => value !== null);
  return known.length === 0 ? null : Math.min(...known);
}

export interface FanShouldRunInput {
  /** The fan's latest RPM; 0 is stopped (a fan in engine fault reports 0 too). */
  readonly rpm: number | null;
  /** From `fanCanopyTemperature`. */
  readonly canopy: number | null;
  /** From `fanStartTemperature`. */
  readonly startTemperature: number;
}

/**
 * What the rule says now: raise when the canopy is at or below the start temperature and the fan
 * does not turn; clear when it turns, or the canopy is above the clear temperature (the rule's
 * clearValue, else the start temperature plus the margin). Null when the RPM or the canopy is
 * unknown: nothing to judge by, the alarm stays as it is.
 */
export function readFanShouldRun(
  rule: Pick<AlarmRule, 'clearValue'>,
  input: FanShouldRunInput,
): RuleReading | null {
  if (input.rpm === null || input.canopy === null) return null;
  const running = input.rpm > 0;
  const clearAbove = rule.clearValue ?? input.startTemperature + FAN_SHOULD_RUN_CLEAR_MARGIN_C;
  return {
    raise: !running && input.canopy <= input.startTemperature,
    clear: running || input.canopy > clearAbove,
  };
}
