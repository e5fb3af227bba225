/** Control (valve) rules of §4: per-valve config in the schedule, exclusion and faults. */
import { hasPassed, type Instant } from './time.ts';

/** A valve's config in the program schedule (§3 schedule.controls); a `ControlConfig` is assignable. */
export type ControlConfigEntry = { id: number; variation: number; exclude: boolean };

/** A requested config change: variation and exclude may be missing, which is refused. */
export type ControlConfigChange = {
  id: number;
  variation?: number | null;
  exclude?: boolean | null;
};

/** §8 message for a config without both variation and exclude. */
export const INVALID_CONTROL_CONFIGURATION = 'invalid control configuration';

/** Thrown by `setControlConfig` when variation or exclude is missing (§4, §8). */
export class InvalidControlConfigurationError extends Error {
  constructor() {
    super(INVALID_CONTROL_CONFIGURATION);
    this.name = 'InvalidControlConfigurationError';
  }
}

/** §4: a config is kept only if it changes something: exclude is true or variation is non-zero. */
export function isControlConfigKept(config: ControlConfigEntry): boolean {
  return config.exclude === true || config.variation !== 0;
}

/**
 * §4 "Control config set only when variation and exclude are both defined (else 'invalid control
 * configuration'); kept only if exclude is true or variation is non-zero, else removed." Returns the
 * new list: an existing entry is replaced in place, a new one appended, a no-op one removed.
 * Decision: null counts as not defined.
 * @throws InvalidControlConfigurationError when variation or exclude is missing.
 */
export function setControlConfig(
  controls: readonly ControlConfigEntry[],
  change: ControlConfigChange,
): ControlConfigEntry[] {
  const { id, variation, exclude } = change;
  if (variation === undefined || variation === null || exclude === undefined || exclude === null) {
    throw new InvalidControlConfigurationError();
  }
  const next: ControlConfigEntry = { id, variation, exclude };
  const keep = isControlConfigKept(next);
  const index = controls.findIndex((entry) => entry.id === id);
  if (index === -1) return keep ? [...controls, next] : [...controls];
  return keep
    ? controls.map((entry, i) => (i === index ? next : entry))
    : controls.filter((entry) => entry.id !== id);
}

/**
 * §4 "A valve with exclude shows a not-interested icon". Takes the valve's application or its
 * schedule config; only true excludes.
 */
export function isValveExcluded(config: { exclude?: boolean | null } | null | undefined): boolean {
  return config?.exclude === true;
}

/** Metric name of a control's fault topic (§4 "the fault topic"). */
export const FAULT_TOPIC_METRIC = 'fault';

/** The part of a topic (§3 topics) the fault rule reads. */
export type ControlTopicInput = { metric: string; lastValue?: number | null };

/** The part of a control (§3) the fault rule reads; a full `Control` is assignable. */
export type ValveFaultInput = {
  topics?: readonly ControlTopicInput[] | null;
  application?: { startTime?: Instant | null } | null;
};

/** The control's fault topic: the first topic whose metric is `fault`. */
export function findFaultTopic(
  topics: readonly ControlTopicInput[] | null | undefined,
): ControlTopicInput | undefined {
  return topics?.find((topic) => topic.metric === FAULT_TOPIC_METRIC);
}

/**
 * §4 "A valve has a fault when the fault topic is non-zero and its start time has passed".
 * Decisions: the fault topic is the topic with metric `fault`; a topic that has not reported (null)
 * is not non-zero; "its start time" is the valve's application start time (a topic only has a report
 * time, which is always past), reached at `now`; a valve with no start time has no fault.
 */
export function hasValveFault(control: ValveFaultInput, now: Date): boolean {
  const value = findFaultTopic(control.topics)?.lastValue;
  return (
    value !== null &&
    value !== undefined &&
    value !== 0 &&
    hasPassed(control.application?.startTime, now)
  );
}
