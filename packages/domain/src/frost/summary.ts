/** The frost summary of an area now (issue 15 item 2). Pure: the caller reads the latest values. */
import {
  ENGINE_TRIP_HOURS,
  FROST_FAN_BATTERY_EMPTY_V,
  FUEL_FAULT_PERCENT,
  CANOPY_TEMPERATURE_C,
} from '../constants/thresholds.ts';
import type { TimedValue } from './compliance.ts';
import { READING_VALID_MS } from './compliance.ts';
import { inversionOf, siteInversion } from './inversion.ts';
import type { FanFault, FanInversion, FanState, FrostSummary } from './schemas.ts';

/** A fan's latest values (null where the metric never reported). */
export interface FanNow {
  readonly sensor: number;
  readonly label: string;
  readonly rpm: number | null;
  readonly fuel: number | null;
  readonly fuelAt: string | null;
  readonly battery: number | null;
  readonly trip: number | null;
  /** Its radio is overdue (§4). */
  readonly overdue: boolean;
  /** The controller's engine fault (digital `fault` = 1). */
  readonly engineFault?: boolean;
  /** °C at the top of the tower, and when it was read. */
  readonly tower?: number | null;
  readonly towerAt?: string | null;
  /** The canopy of the fan's block (its own probe, else the block's sensor), and when it was read. */
  readonly canopy?: number | null;
  readonly canopyAt?: string | null;
}

export interface CanopyNow {
  readonly sensor: number;
  readonly label: string;
  readonly value: number | null;
  readonly at: string | null;
  /** Its readings since the night's start, sorted. */
  readonly tonight: readonly TimedValue[];
}

/** Why a fan is in fault now (§9: fuel fault 12 %, battery empty 10.7 V, engine trip 24 h). */
export function fanFaults(fan: FanNow): FanFault[] {
  const reasons: FanFault[] = [];
  if (fan.engineFault) reasons.push('engine');
  if (fan.fuel !== null && fan.fuel <= FUEL_FAULT_PERCENT) reasons.push('fuel');
  if (fan.battery !== null && fan.battery <= FROST_FAN_BATTERY_EMPTY_V) reasons.push('battery');
  if (fan.trip !== null && fan.trip >= ENGINE_TRIP_HOURS) reasons.push('trip');
  if (fan.overdue) reasons.push('overdue');
  return reasons;
}

/** running when its RPM is above 0, fault when a fault reason holds, unknown with no RPM. */
export function fanState(fan: FanNow): FanState {
  if (fanFaults(fan).length > 0) return 'fault';
  if (fan.rpm === null) return 'unknown';
  return fan.rpm > 0 ? 'running' : 'stopped';
}

/**
 * Minutes since `from` that any of the sensors read below 0 °C: each reading below holds until
 * the sensor's next reading (at most READING_VALID_MS, never past now); overlaps count once.
 */
export function minutesBelowZero(
  sensors: readonly (readonly TimedValue[])[],
  from: number,
  now: number,
): number {
  const spans: [number, number][] = [];
  for (const readings of sensors) {
    readings.forEach((reading, i) => {
      if (reading.v >= CANOPY_TEMPERATURE_C) return;
      const next = readings[i + 1]?.t ?? now;
      const start = Math.max(reading.t, from);
      const end = Math.min(next, reading.t + READING_VALID_MS, now);
      if (end > start) spans.push([start, end]);
    });
  }
  spans.sort((a, b) => a[0] - b[0]);
  let total = 0;
  let open: [number, number] | null = null;
  for (const span of spans) {
    if (open && span[0] <= open[1]) open[1] = Math.max(open[1], span[1]);
    else {
      if (open) total += open[1] - open[0];
      open = [...span];
    }
  }
  if (open) total += open[1] - open[0];
  return Math.round(total / 60_000);
}

/** The older of two reading times, null when either is missing. */
function olderOf(a: string | null | undefined, b: string | null | undefined): string | null {
  if (!a || !b) return null;
  return Date.parse(a) <= Date.parse(b) ? a : b;
}

/** Each fan's tower minus canopy now (frost/inversion.ts). */
export function fanInversions(fans: readonly FanNow[]): FanInversion[] {
  return fans.map((fan) => {
    const tower = fan.tower ?? null;
    const canopy = fan.canopy ?? null;
    const inversion = inversionOf(tower, canopy);
    return {
      sensor: fan.sensor,
      label: fan.label,
      tower,
      canopy,
      inversion,
      at: inversion ? olderOf(fan.towerAt, fan.canopyAt) : null,
    };
  });
}

/**
 * The area's inversion now: over the fans whose tower and canopy were both read within
 * READING_VALID_MS of now, since a fan whose radio went quiet hours ago says nothing about now.
 */
function areaInversion(fans: readonly FanInversion[], now: number) {
  return siteInversion(
    fans.flatMap((fan) =>
      fan.inversion && fan.at !== null && now - Date.parse(fan.at) <= READING_VALID_MS
        ? [fan.inversion.value]
        : [],
    ),
  );
}

export function frostSummary(input: {
  area: number;
  fans: readonly FanNow[];
  canopies: readonly CanopyNow[];
  nightStart: Date;
  now: Date;
}): FrostSummary {
  const states = input.fans.map(fanState);
  const faults = input.fans
    .map((fan) => ({ sensor: fan.sensor, label: fan.label, reasons: fanFaults(fan) }))
    .filter((fault) => fault.reasons.length > 0);
  let coldest: FrostSummary['coldestCanopy'] = null;
  for (const canopy of input.canopies) {
    if (canopy.value === null) continue;
    if (!coldest || canopy.value < coldest.value) {
      coldest = { value: canopy.value, sensor: canopy.sensor, label: canopy.label, at: canopy.at };
    }
  }
  let lowestFuel: FrostSummary['lowestFuel'] = null;
  for (const fan of input.fans) {
    if (fan.fuel === null) continue;
    if (!lowestFuel || fan.fuel < lowestFuel.value) {
      lowestFuel = { value: fan.fuel, sensor: fan.sensor, label: fan.label, at: fan.fuelAt };
    }
  }
  const inversions = fanInversions(input.fans);
  return {
    area: input.area,
    fans: input.fans.length,
    // A fan in fault that still turns is running: the count answers "how many fans are going".
    fansRunning: input.fans.filter((fan) => fan.rpm !== null && fan.rpm > 0).length,
    fansFault: states.filter((state) => state === 'fault').length,
    faults,
    coldestCanopy: coldest,
    nightStart: input.nightStart.toISOString(),
    minutesBelowZeroTonight: minutesBelowZero(
      input.canopies.map((canopy) => canopy.tonight),
      input.nightStart.getTime(),
      input.now.getTime(),
    ),
    lowestFuel,
    fanInversions: inversions,
    inversion: areaInversion(inversions, input.now.getTime()),
  };
}
