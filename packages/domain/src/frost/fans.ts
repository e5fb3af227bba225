/**
 * What a frost fan is (issue 15, §9): the sensor of a fan's engine controller, the metrics it
 * reports and the range a fan's start temperature may take. One home, so the frost page, the
 * alarm form, the server's frost records and alarm checks, and the simulator agree about a sensor.
 */
import { FAN_METRIC_LABELS, type FanMetric } from '../constants/charts.ts';

/** The identifier tag that marks a sensor as a fan's engine controller (§3 has no fan type). */
export const FROST_FAN_IDENTIFIER = 'frostFan';

/** §9's fan chart metrics, in display order. */
const FAN_CHART_KEYS = Object.keys(FAN_METRIC_LABELS) as FanMetric[];

/** A fan controller metric's name: the key under the fan. prefix. */
type FanMetricName<Key extends string> = `fan.${Key}`;

function fanMetricNames<const Key extends string>(keys: readonly Key[]) {
  const names = Object.fromEntries(keys.map((key) => [key, `fan.${key}`]));
  return names as { readonly [K in Key]: FanMetricName<K> };
}

/**
 * The fan controller's metric names: §9's fan chart metrics (fan.{key}, FAN_METRIC_LABELS), and
 * what the frost records read besides (docs/api.md "Frost"): towerTemperature, °C at the top of
 * the tower; canopyTemperature, the canopy probe as the controller reads it, when it reports it
 * itself; trigger, what started the run (FAN_TRIGGERS), reported at a start.
 */
export const FAN_METRICS = fanMetricNames([
  ...FAN_CHART_KEYS,
  'towerTemperature',
  'canopyTemperature',
  'trigger',
]);

/**
 * What started a fan's run, as fan.trigger reports it: the index here (0 auto, the controller on
 * its own; 1 manual, at the fan; 2 test; 3 remote, a start command from the console, issue 31).
 */
export const FAN_TRIGGERS = ['auto', 'manual', 'test', 'remote'] as const;
export type FanTriggerName = (typeof FAN_TRIGGERS)[number];

/** fan.trigger's value for a trigger. */
export function fanTriggerCode(trigger: FanTriggerName): number {
  return FAN_TRIGGERS.indexOf(trigger);
}

/** The controller's engine fault, digital 0/1: a device's generic fault metric, no fan. prefix. */
export const FAN_ENGINE_FAULT_METRIC = 'fault';

/** §9's fan chart metrics by name, in display order (FAN_METRIC_LABELS). */
export const FAN_CHART_METRICS: readonly FanMetricName<FanMetric>[] = FAN_CHART_KEYS.map(
  (key) => FAN_METRICS[key],
);

/**
 * The canopy temperatures (°C) a fan's start may be set at, in a site's frost rules or a
 * fan-should-run alarm's own start temperature: the form and the schemas check the same bounds.
 */
export const FAN_START_TEMPERATURE_C = { min: -10, max: 15 } as const;

/**
 * The rule: a fan is a sensor tagged frostFan, or one reporting the fan's RPM. Decision: RPM, not
 * any fan.* metric, since RPM is what says whether it runs; a sensor reporting only, say, a
 * tower temperature is no fan on any screen.
 */
function isFanController(identifier: string | null | undefined, metrics: readonly string[]) {
  return identifier === FROST_FAN_IDENTIFIER || metrics.includes(FAN_METRICS.rpm);
}

/** Whether a sensor (as the API shows it, with its tags and topics) is a frost fan. */
export function isFrostFan(sensor: {
  readonly tags: { readonly identifier?: string | null };
  readonly topics: readonly { readonly metric: string }[];
}): boolean {
  return isFanController(
    sensor.tags.identifier,
    sensor.topics.map((topic) => topic.metric),
  );
}

/** Whether a sensor as a device's config lists it (the field protocol) is a frost fan. */
export function isFrostFanConfig(sensor: {
  readonly identifier: string | null;
  readonly metrics: readonly string[];
}): boolean {
  return isFanController(sensor.identifier, sensor.metrics);
}
