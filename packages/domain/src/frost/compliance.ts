/**
 * The frost compliance record (issue 15): a fan's runs found in its RPM readings, each checked
 * against the site's frost rules, and the fueling record from the fuel level. Pure: the caller
 * reads the readings; times are epoch milliseconds, readings sorted by time.
 */
import { zonedDateTime } from '../constants/timezone.ts';
import type { FrostRules } from './rules.ts';
import { withinPermittedHours } from './rules.ts';
import { FAN_TRIGGERS } from './fans.ts';
import { frostNightOf } from './night.ts';
import { inversionOf } from './inversion.ts';
import type { FanFueling, FrostFanTotals, FrostRun, FrostRunFlag, FuelRefill } from './schemas.ts';

export interface TimedValue {
  readonly t: number;
  readonly v: number;
}

/** One fan's readings over the range (and a little past it, to find the stop of a late run). */
export interface FanReadings {
  readonly fan: number;
  readonly label: string;
  readonly rpm: readonly TimedValue[];
  readonly canopy: readonly TimedValue[];
  readonly tower: readonly TimedValue[];
  readonly wind: readonly TimedValue[];
  readonly fuel: readonly TimedValue[];
  readonly engineHours: readonly TimedValue[];
  /** fan.trigger: 0 auto, 1 manual, 2 test, 3 remote (FAN_TRIGGERS). */
  readonly trigger: readonly TimedValue[];
}

/** A reading counts for a moment when it is at most this old (or this early, when none came before). */
export const READING_VALID_MS = 30 * 60_000;
/** Fuel up by at least this (%) between two readings is a refill, not sensor noise. */
export const REFILL_JUMP_PERCENT = 10;

/** Index of the last reading at or before t, -1 when none. */
function lastAtOrBefore(readings: readonly TimedValue[], t: number): number {
  let low = 0;
  let high = readings.length - 1;
  let found = -1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if ((readings[mid] as TimedValue).t <= t) {
      found = mid;
      low = mid + 1;
    } else high = mid - 1;
  }
  return found;
}

/** The value at t: the last reading before it, or the first just after it, within READING_VALID_MS. */
export function valueAt(readings: readonly TimedValue[], t: number): number | null {
  const index = lastAtOrBefore(readings, t);
  const before = readings[index];
  if (before && t - before.t <= READING_VALID_MS) return before.v;
  const after = readings[index + 1];
  if (after && after.t - t <= READING_VALID_MS) return after.v;
  return null;
}

/** Readings in [from, to]. */
function between(readings: readonly TimedValue[], from: number, to: number): TimedValue[] {
  const out: TimedValue[] = [];
  for (let i = Math.max(0, lastAtOrBefore(readings, from - 1) + 1); i < readings.length; i++) {
    const reading = readings[i] as TimedValue;
    if (reading.t > to) break;
    out.push(reading);
  }
  return out;
}

/** Start and stop (epoch ms; stop null while running) of each run in the RPM readings. */
export function findRuns(rpm: readonly TimedValue[]): { start: number; stop: number | null }[] {
  const runs: { start: number; stop: number | null }[] = [];
  let start: number | null = null;
  for (const reading of rpm) {
    if (reading.v > 0 && start === null) start = reading.t;
    else if (reading.v <= 0 && start !== null) {
      runs.push({ start, stop: reading.t });
      start = null;
    }
  }
  if (start !== null) runs.push({ start, stop: null });
  return runs;
}

const round = (value: number | null, digits = 1): number | null =>
  value === null ? null : Math.round(value * 10 ** digits) / 10 ** digits;

/** The compliance record of one run. `end` closes a run still going (now, or the range's end). */
export function frostRunOf(
  fan: FanReadings,
  run: { start: number; stop: number | null },
  rules: FrostRules,
  timeZone: string,
  end: number,
): FrostRun {
  const last = run.stop ?? end;
  const flags = new Set<FrostRunFlag>();
  const canopyAtStart = valueAt(fan.canopy, run.start);
  const canopyAtStop = run.stop === null ? null : valueAt(fan.canopy, run.stop);
  const towerAtStart = valueAt(fan.tower, run.start);
  const canopyDuring = between(fan.canopy, run.start, last);
  const windDuring = between(fan.wind, run.start, last);
  const rpmDuring = between(fan.rpm, run.start, last).filter((r) => r.v > 0);

  if (canopyAtStart === null || (run.stop !== null && canopyAtStop === null))
    flags.add('missingData');
  if (
    rpmDuring.some((r, i) => i > 0 && r.t - (rpmDuring[i - 1] as TimedValue).t > READING_VALID_MS)
  ) {
    flags.add('missingData');
  }
  if (canopyAtStart !== null && canopyAtStart > rules.startAtOrBelow)
    flags.add('startAboveTemperature');
  // Past the stop temperature: the canopy read at or above it and the next RPM reading still ran.
  for (const reading of canopyDuring) {
    if (reading.v < rules.stopBy) continue;
    const next = fan.rpm[lastAtOrBefore(fan.rpm, reading.t) + 1];
    if (next && next.v > 0 && next.t < last) {
      flags.add('ranPastStopTemperature');
      break;
    }
  }
  let windShutdowns = 0;
  if (rules.windShutdownAbove !== null) {
    const limit = rules.windShutdownAbove;
    for (const reading of windDuring) {
      if (reading.v <= limit) continue;
      const next = fan.rpm[lastAtOrBefore(fan.rpm, reading.t) + 1];
      if (next && next.v > 0 && next.t < last) {
        flags.add('ranInWind');
        break;
      }
    }
    const windAtStop = run.stop === null ? null : valueAt(fan.wind, run.stop);
    if (windAtStop !== null && windAtStop > limit) windShutdowns = 1;
  }
  if (rules.permittedHours) {
    for (const reading of rpmDuring) {
      const wall = zonedDateTime(new Date(reading.t), timeZone);
      if (!withinPermittedHours(rules, wall.hour * 60 + wall.minute)) {
        flags.add('outsidePermittedHours');
        break;
      }
    }
  }
  const trigger = valueAt(fan.trigger, run.start);
  const inversion = inversionOf(towerAtStart, canopyAtStart);
  const lowest = canopyDuring.length ? Math.min(...canopyDuring.map((r) => r.v)) : canopyAtStart;
  const highestWind = windDuring.length ? Math.max(...windDuring.map((r) => r.v)) : null;
  const averageRpm = rpmDuring.length
    ? rpmDuring.reduce((sum, r) => sum + r.v, 0) / rpmDuring.length
    : null;
  return {
    fan: fan.fan,
    fanLabel: fan.label,
    start: new Date(run.start).toISOString(),
    stop: run.stop === null ? null : new Date(run.stop).toISOString(),
    durationMinutes: Math.round((last - run.start) / 6_000) / 10,
    trigger: FAN_TRIGGERS[trigger ?? 0] ?? 'auto',
    canopyAtStart: round(canopyAtStart),
    canopyAtStop: round(canopyAtStop),
    towerAtStart: round(towerAtStart),
    inversionAtStart: inversion?.value ?? null,
    inversionClassAtStart: inversion?.class ?? null,
    lowestCanopy: round(lowest),
    highestWind: round(highestWind),
    windShutdowns,
    averageRpm: averageRpm === null ? null : Math.round(averageRpm),
    engineHoursStart: round(valueAt(fan.engineHours, run.start)),
    engineHoursEnd: round(valueAt(fan.engineHours, last)),
    fuelStart: round(valueAt(fan.fuel, run.start)),
    fuelEnd: round(valueAt(fan.fuel, last)),
    flags: [...flags],
  };
}

/** The runs of a fan that start in [from, to), in order. */
export function frostRuns(
  fan: FanReadings,
  rules: FrostRules,
  timeZone: string,
  range: { from: number; to: number },
  now: number,
): FrostRun[] {
  return findRuns(fan.rpm)
    .filter((run) => run.start >= range.from && run.start < range.to)
    .map((run) => frostRunOf(fan, run, rules, timeZone, Math.min(now, range.to)));
}

/** Fuel burned over readings: the sum of the falls, refills (rises) left out. */
function fuelBurned(readings: readonly TimedValue[]): number {
  let used = 0;
  for (let i = 1; i < readings.length; i++) {
    const fall = (readings[i - 1] as TimedValue).v - (readings[i] as TimedValue).v;
    if (fall > 0) used += fall;
  }
  return used;
}

/** A fan's totals over its runs. */
export function frostFanTotals(fan: FanReadings, runs: readonly FrostRun[]): FrostFanTotals {
  const own = runs.filter((run) => run.fan === fan.fan);
  const fuelUsed = own.reduce(
    (sum, run) =>
      sum +
      (run.fuelStart !== null && run.fuelEnd !== null
        ? Math.max(0, run.fuelStart - run.fuelEnd)
        : 0),
    0,
  );
  return {
    fan: fan.fan,
    fanLabel: fan.label,
    runs: own.length,
    hours: Math.round(own.reduce((sum, run) => sum + run.durationMinutes, 0) / 6) / 10,
    flaggedRuns: own.filter((run) => run.flags.length > 0).length,
    fuelUsed: Math.round(fuelUsed * 10) / 10,
  };
}

/**
 * The fueling record: fuel burned per frost night and over the range, refills from level jumps
 * (up by REFILL_JUMP_PERCENT or more), engine hours between refills, and hours of running left
 * at the last run's burn rate.
 */
export function fanFueling(
  fan: FanReadings,
  runs: readonly FrostRun[],
  timeZone: string,
): FanFueling {
  const refills: FuelRefill[] = [];
  let previousRefillHours = valueAt(fan.engineHours, fan.fuel[0]?.t ?? 0);
  for (let i = 1; i < fan.fuel.length; i++) {
    const before = fan.fuel[i - 1] as TimedValue;
    const after = fan.fuel[i] as TimedValue;
    if (after.v - before.v < REFILL_JUMP_PERCENT) continue;
    const hours = valueAt(fan.engineHours, after.t);
    refills.push({
      at: new Date(after.t).toISOString(),
      from: before.v,
      to: after.v,
      engineHoursSincePrevious:
        hours === null || previousRefillHours === null ? null : round(hours - previousRefillHours),
    });
    previousRefillHours = hours;
  }
  const nights = new Map<string, { fuelUsed: number; engineHours: number }>();
  for (const run of runs) {
    if (run.fan !== fan.fan) continue;
    const night = frostNightOf(new Date(run.start), timeZone);
    const entry = nights.get(night) ?? { fuelUsed: 0, engineHours: 0 };
    if (run.fuelStart !== null && run.fuelEnd !== null) {
      entry.fuelUsed += Math.max(0, run.fuelStart - run.fuelEnd);
    }
    entry.engineHours += run.durationMinutes / 60;
    nights.set(night, entry);
  }
  const lastRun = [...runs].reverse().find((run) => run.fan === fan.fan);
  const burnPerHour =
    lastRun && lastRun.fuelStart !== null && lastRun.fuelEnd !== null && lastRun.durationMinutes > 0
      ? (lastRun.fuelStart - lastRun.fuelEnd) / (lastRun.durationMinutes / 60)
      : null;
  const fuelNow = fan.fuel.at(-1)?.v ?? null;
  return {
    fan: fan.fan,
    fanLabel: fan.label,
    nights: [...nights].map(([night, entry]) => ({
      night,
      fuelUsed: Math.round(entry.fuelUsed * 10) / 10,
      engineHours: Math.round(entry.engineHours * 100) / 100,
    })),
    fuelUsed: Math.round(fuelBurned(fan.fuel) * 10) / 10,
    refills,
    fuelNow,
    burnPerHour: burnPerHour !== null && burnPerHour > 0 ? round(burnPerHour, 2) : null,
    hoursLeft:
      burnPerHour !== null && burnPerHour > 0 && fuelNow !== null
        ? round(fuelNow / burnPerHour)
        : null,
  };
}
