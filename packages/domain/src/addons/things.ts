/**
 * Add-ons (issue 14; §2 Add-ons page, §9 things filter and limits): the soil, water, tank,
 * pressure, power, rain and pump things of an area, what each reads now and whether it is in
 * fault or warning. The spec names the thing types and the filter but gives no thresholds, so
 * each one below is ours, with its reason beside it.
 */
import type { Sensor, SensorTopic } from '../entities/sensor.ts';
import type { ControlType, SensorType, ThingType } from '../entities/vocabulary.ts';
import type { ThingsFilter } from '../constants/sorting.ts';
import { ADDON_DEVICE_LIMIT } from '../constants/limits.ts';

/** How a thing stands: the §9 things filter's fault and warning, or neither. */
export type ThingCondition = 'fault' | 'warning' | 'ok';

/** One add-on thing as the page lists it: a sensor, or a pump or pivot control. */
export type AddonThing = {
  kind: 'sensor' | 'control';
  id: number;
  /** The §3 thing type it is shown and deep-linked as (SENSOR_ADDON_TYPES, CONTROL_ADDON_TYPES). */
  type: ThingType;
  label: string;
  topics: readonly SensorTopic[];
  /** A control's own fault flag (application.hasFaults). */
  hasFaults?: boolean;
};

/**
 * Soil moisture points (volumetric %) of the demo farm's loam: the refill point is where the
 * grower irrigates (about 50% of the available water between wilting point 12% and field
 * capacity 38%, the usual management allowed depletion), full is field capacity, and below the
 * stress point the crop is close to wilting.
 */
export const SOIL_POINTS = { full: 38, refill: 25, stress: 15 } as const;

/**
 * Tank level (%): a stock-water tank holds about a day of summer demand at 25%; below 10% the
 * outlet may draw air and stock go short.
 */
export const TANK_LEVEL = { warning: 25, fault: 10 } as const;

/**
 * Pressure (kPa) of a mainline: PE100 PN10 pipe is rated 1000 kPa; above 800 kPa the line is
 * near its rating (a closed valve against a running pump), 650 kPa leaves little margin.
 */
export const PRESSURE_KPA = { warning: 650, fault: 800 } as const;

/**
 * Supply voltage (V) of a 415 V three-phase pump supply: AS/NZS 60038 allows +10% / −6%
 * (390–456 V); a motor runs hot outside it, and trips well outside (360–480 V here).
 */
export const SUPPLY_VOLTAGE = {
  warning: { low: 390, high: 456 },
  fault: { low: 360, high: 480 },
} as const;

/** Hours without a reading before a thing is a warning (three missed 1-hour reports). */
export const THING_STALE_HOURS = 3;

const SOIL_METRIC = /^soil\.moisture(?:\.(\d+))?$/;

/** A soil probe's moisture layers: `soil.moisture` (one layer) or `soil.moisture.{depth cm}`. */
export function soilLayers(
  topics: readonly SensorTopic[],
): { metric: string; depthCm: number | null; value: number | null }[] {
  const layers = topics.flatMap((topic) => {
    const match = SOIL_METRIC.exec(topic.metric);
    if (!match) return [];
    return [
      {
        metric: topic.metric,
        depthCm: match[1] === undefined ? null : Number(match[1]),
        value: topic.lastValue,
      },
    ];
  });
  return layers.sort((a, b) => (a.depthCm ?? 0) - (b.depthCm ?? 0));
}

/** Where a soil moisture value stands against the refill and full points. */
export function soilBand(value: number): 'full' | 'ok' | 'refill' | 'stress' {
  if (value >= SOIL_POINTS.full) return 'full';
  if (value >= SOIL_POINTS.refill) return 'ok';
  if (value >= SOIL_POINTS.stress) return 'refill';
  return 'stress';
}

/** A topic's last value, or null. */
export function topicValue(topics: readonly SensorTopic[], metric: string): number | null {
  return topics.find((topic) => topic.metric === metric)?.lastValue ?? null;
}

function worst(...conditions: ThingCondition[]): ThingCondition {
  if (conditions.includes('fault')) return 'fault';
  if (conditions.includes('warning')) return 'warning';
  return 'ok';
}

function above(value: number | null, limits: { warning: number; fault: number }): ThingCondition {
  if (value === null) return 'ok';
  if (value > limits.fault) return 'fault';
  return value > limits.warning ? 'warning' : 'ok';
}

/**
 * A thing's condition now: a reported fault (a `fault` topic at 1, a control's hasFaults) is a
 * fault; no reading for THING_STALE_HOURS is a warning; then the thresholds of its type.
 */
export function thingCondition(thing: AddonThing, now: Date): ThingCondition {
  const { topics } = thing;
  const faulted = thing.hasFaults === true || (topicValue(topics, 'fault') ?? 0) !== 0;
  const times = topics.flatMap((topic) => (topic.timestamp ? [Date.parse(topic.timestamp)] : []));
  const latest = times.length > 0 ? Math.max(...times) : null;
  const stale =
    latest === null || now.getTime() - latest > THING_STALE_HOURS * 3_600_000 ? 'warning' : 'ok';
  return worst(faulted ? 'fault' : 'ok', stale, typeCondition(thing));
}

function typeCondition(thing: AddonThing): ThingCondition {
  const { topics } = thing;
  switch (thing.type) {
    case 'soilMoisture':
      return worst(
        ...soilLayers(topics).map(({ value }): ThingCondition => {
          if (value === null) return 'ok';
          const band = soilBand(value);
          return band === 'stress' ? 'fault' : band === 'refill' ? 'warning' : 'ok';
        }),
      );
    case 'level': {
      const level = topicValue(topics, 'level') ?? topicValue(topics, 'tank.level');
      if (level === null) return 'ok';
      if (level < TANK_LEVEL.fault) return 'fault';
      return level < TANK_LEVEL.warning ? 'warning' : 'ok';
    }
    case 'pressure':
      return above(topicValue(topics, 'pressure'), PRESSURE_KPA);
    case 'power': {
      const voltage = topicValue(topics, 'power.voltage');
      if (voltage === null) return 'ok';
      const { fault, warning } = SUPPLY_VOLTAGE;
      if (voltage < fault.low || voltage > fault.high) return 'fault';
      return voltage < warning.low || voltage > warning.high ? 'warning' : 'ok';
    }
    default:
      return 'ok';
  }
}

/** §9 things filter: fault, warning (warning or worse), all, or one type. */
export function filterThings<T extends AddonThing>(
  things: readonly T[],
  filter: ThingsFilter,
  now: Date,
): T[] {
  switch (filter) {
    case 'all':
      return [...things];
    case 'fault':
      return things.filter((thing) => thingCondition(thing, now) === 'fault');
    case 'warning':
      return things.filter((thing) => thingCondition(thing, now) !== 'ok');
    case 'soilMoisture':
      return things.filter((thing) => thing.type === 'soilMoisture');
    case 'waterMeter':
      return things.filter((thing) => thing.type === 'waterMeter' || thing.type === 'combine');
  }
}

/** The add-on types the page groups by, in the order of its cards. */
export const ADDON_GROUPS = [
  'soilMoisture',
  'waterMeter',
  'combine',
  'level',
  'pressure',
  'power',
  'rain',
  'pump',
  'pivot',
  'valve-addon',
  'external',
] as const satisfies readonly ThingType[];

/**
 * Things grouped by type, in ADDON_GROUPS' order, faults first within a group, each group with
 * the ADDON_DEVICE_LIMIT things its card shows and how many it holds.
 */
export function groupThings<T extends AddonThing>(
  things: readonly T[],
  now: Date,
): { type: ThingType; shown: T[]; total: number }[] {
  const rank: Record<ThingCondition, number> = { fault: 0, warning: 1, ok: 2 };
  return ADDON_GROUPS.flatMap((type) => {
    const members = things
      .filter((thing) => thing.type === type)
      .sort(
        (a, b) =>
          rank[thingCondition(a, now)] - rank[thingCondition(b, now)] ||
          a.label.localeCompare(b.label),
      );
    return members.length === 0
      ? []
      : [{ type, shown: members.slice(0, ADDON_DEVICE_LIMIT), total: members.length }];
  });
}

/** A sensor as an add-on thing, or null when its type is no add-on. */
export function sensorThing(
  sensor: Pick<Sensor, 'id' | 'type' | 'label' | 'topics'>,
  addonTypes: Record<SensorType, ThingType | null>,
): AddonThing | null {
  const type = addonTypes[sensor.type];
  return type === null
    ? null
    : { kind: 'sensor', id: sensor.id, type, label: sensor.label, topics: sensor.topics };
}

/** A control as an add-on thing (pumps, pivots, add-on valves), or null for a zone valve. */
export function controlThing(
  control: {
    id: number;
    type: ControlType;
    label: string;
    topics: readonly SensorTopic[];
    application: { hasFaults: boolean } | null;
  },
  addonTypes: Record<ControlType, ThingType | null>,
): AddonThing | null {
  const type = addonTypes[control.type];
  return type === null
    ? null
    : {
        kind: 'control',
        id: control.id,
        type,
        label: control.label,
        topics: control.topics,
        hasFaults: control.application?.hasFaults ?? false,
      };
}
