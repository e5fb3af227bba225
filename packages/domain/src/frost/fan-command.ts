/**
 * Starting and stopping a frost fan from the console (issue 31): when a remote start is refused,
 * and what an override records. A fan started where the council's rule does not allow it puts the
 * grower's consent at risk, so the console asks first; but the grower on the spot may know better
 * (a canopy probe in a warm corner, a gust on the anemometer), so a refusal can be overridden, and
 * the override is kept with the request and in the fan's event log. Pure: the caller reads the
 * canopy and the wind.
 */
import { FAN_START_CHECK_SECONDS } from '../constants/alarm-templates.ts';
import type { RequestStatus } from '../entities/vocabulary.ts';
import type { FrostRules } from './rules.ts';

/**
 * Whether a fan's controller takes commands: it is on a radio or a unit, which its config is
 * published to and commands are sent to (a sensor on neither reaches no device).
 */
export function fanTakesCommands(sensor: {
  readonly radio: number | null;
  readonly unit: number | null;
}): boolean {
  return sensor.radio !== null || sensor.unit !== null;
}

/** What a user may ask of a fan whose controller takes commands. */
export const FAN_COMMAND_ACTIONS = ['start', 'stop'] as const;
export type FanCommandAction = (typeof FAN_COMMAND_ACTIONS)[number];

/**
 * Decision: a remote start is allowed up to this much (°C) above the site's start temperature.
 * The rule compares the canopy sensor of the fan's block while the controller starts on its own
 * probe, and the two commonly differ by the ±0.5 °C accuracy of a canopy probe; a margin of that
 * size keeps a start the controller itself would make from being refused over probe differences.
 * Anything warmer is refused: the fan would only stir air that is not freezing.
 */
export const FAN_START_MARGIN_C = 0.5;

/** Why a remote start is refused. */
export type FanStartRefusal =
  /** The canopy is warmer than the start temperature plus the margin. */
  | { readonly code: 'canopyTooWarm'; readonly canopy: number; readonly limit: number }
  /** The wind is above the site's shutdown speed (windShutdownAbove). */
  | { readonly code: 'windTooStrong'; readonly wind: number; readonly limit: number }
  /** No canopy temperature to judge the start by. */
  | { readonly code: 'noCanopyReading' };

export type FanStartRefusalCode = FanStartRefusal['code'];

export interface FanCommandInput {
  readonly action: FanCommandAction;
  /** The canopy of the fan's block now (°C); null with no recent reading. */
  readonly canopy: number | null;
  /** The wind at the fan now (km/h); null with no recent reading. */
  readonly wind: number | null;
  readonly rules: Pick<FrostRules, 'startAtOrBelow' | 'windShutdownAbove'>;
  /** The user asked to start despite the refusals. */
  readonly override: boolean;
}

/** A command is sent (with the refusals the user overrode), or refused with its reasons. */
export type FanCommandJudgement =
  | { readonly allowed: true; readonly overridden: readonly FanStartRefusal[] }
  | { readonly allowed: false; readonly refusals: readonly FanStartRefusal[] };

/** Why a start would be refused now, in the order the console shows them; empty: none. */
export function fanStartRefusals(input: Omit<FanCommandInput, 'action' | 'override'>) {
  const refusals: FanStartRefusal[] = [];
  const limit = input.rules.startAtOrBelow + FAN_START_MARGIN_C;
  if (input.canopy === null) refusals.push({ code: 'noCanopyReading' });
  else if (input.canopy > limit) {
    refusals.push({ code: 'canopyTooWarm', canopy: input.canopy, limit });
  }
  const windLimit = input.rules.windShutdownAbove;
  // No wind reading is no refusal: many blocks have no anemometer, and the site's rule has
  // nothing to compare then (the compliance record judges the run's wind afterwards).
  if (windLimit !== null && input.wind !== null && input.wind > windLimit) {
    refusals.push({ code: 'windTooStrong', wind: input.wind, limit: windLimit });
  }
  return refusals;
}

/**
 * Whether a fan command goes out. A stop is never refused: stopping an engine is always safe
 * and the rules only ever ask for it. A start is refused for each reason of fanStartRefusals,
 * unless the user overrides, when it goes out and the reasons are what the override records.
 */
export function judgeFanCommand(input: FanCommandInput): FanCommandJudgement {
  if (input.action === 'stop') return { allowed: true, overridden: [] };
  const refusals = fanStartRefusals(input);
  if (refusals.length === 0) return { allowed: true, overridden: [] };
  return input.override ? { allowed: true, overridden: refusals } : { allowed: false, refusals };
}

const one = (value: number) => (Math.round(value * 10) / 10).toString();

/** A refusal in words, as the API's refusal and the fan's event log say it. */
export function fanStartRefusalText(refusal: FanStartRefusal): string {
  switch (refusal.code) {
    case 'canopyTooWarm':
      return (
        `the canopy is ${one(refusal.canopy)} °C, above the start temperature plus ` +
        `${FAN_START_MARGIN_C} °C (${one(refusal.limit)} °C)`
      );
    case 'windTooStrong':
      return `the wind is ${one(refusal.wind)} km/h, above the site's shutdown speed of ${one(refusal.limit)} km/h`;
    case 'noCanopyReading':
      return 'there is no recent canopy temperature to judge the start by';
  }
}

/** What a fan request came to in the field, beyond its status. */
export const FAN_REQUEST_OUTCOMES = [
  /** The start showed RPM. */
  'running',
  /** The start showed no RPM within FAN_START_CHECK_SECONDS (alarm "Fan failed to start"). */
  'failedToStart',
  /** The stop brought the RPM to 0. */
  'stopped',
] as const;
export type FanRequestOutcome = (typeof FAN_REQUEST_OUTCOMES)[number];

export interface FanRequestCheckInput {
  readonly action: FanCommandAction;
  readonly status: RequestStatus;
  /** When the request was made (epoch ms). */
  readonly askedAt: number;
  readonly now: number;
  /** The fan's latest RPM and when it was measured (epoch ms); null when it never reported. */
  readonly rpm: { readonly value: number; readonly at: number } | null;
}

/**
 * Where a fan request stands after its command: still waiting (null), or settled with its
 * outcome, which the fan's event log records once. A start is running once the fan reports RPM,
 * and failed to start when its command failed or no RPM came within FAN_START_CHECK_SECONDS
 * (raising "Fan failed to start"). A stop is done once the fan reports RPM 0 after it; one whose
 * command failed, or after which the fan still turned FAN_START_CHECK_SECONDS later, settles
 * with no outcome (the log says why).
 */
export function checkFanRequest(
  input: FanRequestCheckInput,
): { readonly outcome: FanRequestOutcome | null } | null {
  const { rpm } = input;
  const overdue = input.now - input.askedAt >= FAN_START_CHECK_SECONDS * 1000;
  const failed = input.status === 'failed';
  if (input.action === 'start') {
    // Any RPM now counts: a fan already turning when the start came is running as asked.
    if (rpm && rpm.value > 0) return { outcome: 'running' };
    return failed || overdue ? { outcome: 'failedToStart' } : null;
  }
  if (rpm && rpm.value <= 0 && rpm.at >= input.askedAt) return { outcome: 'stopped' };
  return failed || overdue ? { outcome: null } : null;
}
