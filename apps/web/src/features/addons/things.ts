/**
 * The area's add-on things as the page shows them: its add-on sensors and controls (the domain's
 * SENSOR_ADDON_TYPES and CONTROL_ADDON_TYPES), each metric's unit, and the chart lines of a thing.
 */
import {
  CONTROL_ADDON_TYPES,
  controlThing,
  SENSOR_ADDON_TYPES,
  sensorThing,
  soilLayers,
  type AddonThing,
  type Control,
  type Sensor,
} from '@paddock/domain';

export type PageThing = AddonThing & { serialno: string | null };

export function areaThings(sensors: readonly Sensor[], controls: readonly Control[]): PageThing[] {
  return [
    ...sensors.flatMap((sensor) => {
      const thing = sensorThing(sensor, SENSOR_ADDON_TYPES);
      return thing ? [{ ...thing, serialno: sensor.serialno }] : [];
    }),
    ...controls.flatMap((control) => {
      const thing = controlThing(control, CONTROL_ADDON_TYPES);
      return thing ? [{ ...thing, serialno: null }] : [];
    }),
  ];
}

/** The unit each metric is reported in (docs/field-protocol.md). */
const UNITS: Record<string, string> = {
  'soil.moisture': '%',
  'soil.temperature': '°C',
  'water.flow': 'm³/h',
  'water.total': 'm³',
  level: '%',
  'tank.level': '%',
  'tank.volume': 'm³',
  pressure: 'kPa',
  'power.voltage': 'V',
  'power.current': 'A',
  'pump.current': 'A',
  'rain.avg': 'mm/h',
  rain: 'mm/h',
  'pivot.angle': '°',
  'pivot.speed': '%',
};

export function metricUnit(metric: string): string {
  if (metric.startsWith('soil.moisture.')) return '%';
  return UNITS[metric] ?? '';
}

/** Metrics that are flags, not quantities: shown as words, not charted alone. */
const FLAGS = new Set(['fault', 'running', 'pump.running', 'external.input']);

export function isFlag(metric: string): boolean {
  return FLAGS.has(metric);
}

/**
 * The charts of a thing's detail: a soil probe's layers together on one chart (each depth a line)
 * and every other quantity on its own.
 */
export function thingCharts(thing: AddonThing): { key: string; metrics: string[] }[] {
  const layers = soilLayers(thing.topics).map((layer) => layer.metric);
  const others = thing.topics
    .map((topic) => topic.metric)
    .filter((metric) => !layers.includes(metric) && metric !== 'fault');
  return [
    ...(layers.length > 0 ? [{ key: 'soil', metrics: layers }] : []),
    ...others.map((metric) => ({ key: metric, metrics: [metric] })),
  ];
}
