/**
 * Flow supervision while zones run (issue 30 item 1, beyond the spec). A meter's flow is judged
 * against what the zones it feeds should draw, reading by reading, so a burst pipe is shut off
 * within a minute or two instead of running until the program ends:
 * - high flow (default more than +30 % for 60 s): the running zone is closed, critical "High flow";
 * - low flow (default less than −50 % for 60 s): warning "Low flow" (a blocked filter, a closed
 *   manual valve), the zone keeps running;
 * - unscheduled flow (default over 5 L/min for 2 min with no zone running): critical
 *   "Unscheduled flow", the pump stops;
 * - mainline break (default over 150 % of the largest learned zone flow on the meter for 60 s):
 *   the program pauses, the pump stops, critical "Mainline break".
 * The commercial controllers do the same (research 08: Hunter ACC2 learned flow with a limit and
 * a delay, unscheduled flow and mainline protection; Toro 10–15 % for 1–6 min). Readings are
 * L/min, times ms; nothing here reads a clock: each reading brings its own time.
 *
 * The state is per meter: a meter measures the sum of whatever runs on it, so the zones running
 * together on one meter are judged together against the sum of their expected flows.
 */
import { z } from 'zod';
import type { AlarmSeverity } from '../entities/vocabulary.ts';

// ── The meter ──────────────────────────────────────────────────────────────────────────────────

/** The metric a water meter reports its flow on (the field protocol's), in m³/h. */
export const FLOW_METER_METRIC = 'water.flow';
/** A meter's cumulative volume (m³): what a run's metered flow is learned from. */
export const METER_TOTAL_METRIC = 'water.total';
/** L/min in one m³/h: meters report m³/h, the supervisor's limits are L/min as growers set them. */
export const LITRES_PER_MINUTE_PER_M3H = 1000 / 60;

// ── Learned flow ─────────────────────────────────────────────────────────────────────────────

/** Metered runs a zone needs before its median means anything: two runs cannot outvote one odd run. */
export const LEARNED_FLOW_MIN_RUNS = 3;
/**
 * Latest metered runs the median is taken over: the flow follows the season (emitters clogging,
 * a pump's pressure changing) rather than averaging every run the zone ever had.
 */
export const LEARNED_FLOW_RUNS = 10;

/** Where a zone's expected flow comes from: its own metered runs, its design, or nowhere. */
export type FlowSource = 'learned' | 'designed' | 'none';

/** A zone's expected flow, in the unit of the flows it was given (L/min for supervision). */
export type ExpectedFlow =
  | { source: 'learned'; flow: number; runs: number }
  | { source: 'designed'; flow: number; runs: number }
  | { source: 'none'; flow: null; runs: number };

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/**
 * A zone's expected flow: the median of its latest LEARNED_FLOW_RUNS metered runs once it has
 * LEARNED_FLOW_MIN_RUNS of them (the median, not the mean, so one run with a burst or a blocked
 * filter does not move it), else its designed flow, else none. `meteredFlows` are the flows of its
 * runs in time order, oldest first; a run that measured no water (zero, negative or not finite)
 * is a failed run, not the zone's flow, and is left out.
 */
export function learnedFlow(
  meteredFlows: readonly number[],
  designedFlow?: number | null,
): ExpectedFlow {
  const flows = meteredFlows.filter((flow) => Number.isFinite(flow) && flow > 0);
  const runs = flows.length;
  if (runs >= LEARNED_FLOW_MIN_RUNS) {
    return { source: 'learned', flow: median(flows.slice(-LEARNED_FLOW_RUNS)), runs };
  }
  if (designedFlow !== undefined && designedFlow !== null && designedFlow > 0) {
    return { source: 'designed', flow: designedFlow, runs };
  }
  return { source: 'none', flow: null, runs };
}

/**
 * A zone's expected flow from what is kept of it (the server keeps the learned flow, not every
 * run): its learned flow once learned from LEARNED_FLOW_MIN_RUNS runs, else its designed flow.
 */
export function expectedZoneFlow(kept: {
  learnedFlow: number | null;
  learnedRuns: number;
  designedFlow: number | null;
}): ExpectedFlow {
  const { learnedFlow: learned, learnedRuns: runs, designedFlow } = kept;
  if (learned !== null && learned > 0 && runs >= LEARNED_FLOW_MIN_RUNS) {
    return { source: 'learned', flow: learned, runs };
  }
  if (designedFlow !== null && designedFlow > 0)
    return { source: 'designed', flow: designedFlow, runs };
  return { source: 'none', flow: null, runs };
}

// ── Limits ───────────────────────────────────────────────────────────────────────────────────

/** A zone's flow limits (zone page); every field has the default, so `{}` parses. */
export const zoneFlowLimitsSchema = z.object({
  /** Seconds after a valve opens before its flow is judged: pipes fill, pressure settles. */
  settleSeconds: z.number().int().nonnegative().max(3600).default(60),
  /** High limit, percent above the expected flow. */
  highPercent: z.number().positive().max(1000).default(30),
  /** Seconds the flow must stay above the high limit before the zone is closed. */
  highDelaySeconds: z.number().int().nonnegative().max(3600).default(60),
  /** Low limit, percent below the expected flow (100 would never be undershot). */
  lowPercent: z.number().positive().max(99).default(50),
  /** Seconds the flow must stay below the low limit before the warning. */
  lowDelaySeconds: z.number().int().nonnegative().max(3600).default(60),
});
export type ZoneFlowLimits = z.infer<typeof zoneFlowLimitsSchema>;
export type ZoneFlowLimitsInput = z.input<typeof zoneFlowLimitsSchema>;

/** A meter's flow limits (meter detail); every field has the default, so `{}` parses. */
export const meterFlowLimitsSchema = z.object({
  /** L/min above which flow with no zone running is unscheduled (below it: a dripping seal). */
  unscheduledFlow: z.number().nonnegative().default(5),
  /** Seconds unscheduled flow must last before the pump is stopped. */
  unscheduledDelaySeconds: z.number().int().nonnegative().max(3600).default(120),
  /** Mainline break: percent of the largest learned zone flow on the meter. */
  mainlinePercent: z.number().min(100).max(1000).default(150),
  /** Seconds the flow must stay over the mainline limit; as long as a zone's high-flow delay. */
  mainlineDelaySeconds: z.number().int().nonnegative().max(3600).default(60),
});
export type MeterFlowLimits = z.infer<typeof meterFlowLimitsSchema>;
export type MeterFlowLimitsInput = z.input<typeof meterFlowLimitsSchema>;

export const DEFAULT_ZONE_FLOW_LIMITS: ZoneFlowLimits = zoneFlowLimitsSchema.parse({});
export const DEFAULT_METER_FLOW_LIMITS: MeterFlowLimits = meterFlowLimitsSchema.parse({});

// ── State ────────────────────────────────────────────────────────────────────────────────────

/**
 * What the zones running on a meter are doing:
 * - idle: nothing runs and the meter is (about) still;
 * - unscheduled: nothing runs but water flows over the unscheduled threshold;
 * - settling: a valve opened (or the running set changed) and its flow is not judged yet;
 * - unsupervised: zones run but one of them has no expected flow (not learned, not designed);
 * - watching: settled and inside the limits;
 * - high / low: settled and outside a limit.
 */
export type ZoneFlowPhase =
  'idle' | 'unscheduled' | 'settling' | 'unsupervised' | 'watching' | 'high' | 'low';

/** A mainline is normal, or over its limit. */
export type MainlinePhase = 'normal' | 'over';

/**
 * A phase with the time (ms) its episode started (null where there is no episode: idle,
 * watching, unsupervised, normal) and whether its alarm has been raised in this episode, so it is
 * raised once and not at every reading.
 */
export type FlowCondition<Phase extends string> = {
  phase: Phase;
  since: number | null;
  raised: boolean;
};

/** A zone's valve as the supervisor last saw it: which zone, since when open. */
export type OpenValve = { zoneId: number; openedAt: number };

/** One meter's supervision; the caller keeps one per meter between readings. */
export type MeterFlowState = {
  /** What ran at the last reading, to notice a valve closing or opening. */
  running: readonly OpenValve[];
  /** When the running zones are settled (ms); null when nothing runs. */
  settledAt: number | null;
  zones: FlowCondition<ZoneFlowPhase>;
  mainline: FlowCondition<MainlinePhase>;
  /** The last reading's time; an older reading (out of order) is ignored. */
  lastReadingAt: number | null;
};

export const INITIAL_METER_FLOW_STATE: MeterFlowState = {
  running: [],
  settledAt: null,
  zones: { phase: 'idle', since: null, raised: false },
  mainline: { phase: 'normal', since: null, raised: false },
  lastReadingAt: null,
};

/** A zone running on the meter now. */
export type RunningZone = OpenValve & {
  expected: Pick<ExpectedFlow, 'source' | 'flow'>;
  /** The zone's own limits; the defaults where absent. */
  limits?: ZoneFlowLimits | undefined;
};

/** One meter reading and what runs on that meter at its time. */
export type FlowObservation = {
  meterId: number;
  /** The reading's time (ms): conditions are timed by it, so a late reading is judged when it was. */
  time: number;
  /** L/min. */
  flow: number;
  running: readonly RunningZone[];
  /** The largest expected (learned, else designed) flow of the zones the meter feeds; null if none. */
  largestZoneFlow: number | null;
};

// ── Actions ──────────────────────────────────────────────────────────────────────────────────

/** The alarms the actions raise, on the alarm engine's severities. */
export const FLOW_ALARMS = {
  highFlow: { name: 'High flow', severity: 'critical' },
  lowFlow: { name: 'Low flow', severity: 'warning' },
  unscheduledFlow: { name: 'Unscheduled flow', severity: 'critical' },
  mainlineBreak: { name: 'Mainline break', severity: 'critical' },
} as const satisfies Record<string, { name: string; severity: AlarmSeverity }>;

/** The expected flow's source as told: a mix of learned and designed zones is "expected". */
export type ExpectedSource = 'learned' | 'designed' | 'mixed';

type Judged = {
  meterId: number;
  /** When the supervisor decided (the `now` it was given), ms. */
  at: number;
  /** L/min measured at the reading that decided. */
  measured: number;
  /** How long the condition held when the action was taken, seconds. */
  heldSeconds: number;
};

/** What the server is to do; each raises its FLOW_ALARMS alarm. */
export type FlowAction =
  | (Judged & {
      /** High flow: close these zones (the program goes on with its next zone). */
      type: 'closeZones';
      zoneIds: number[];
      expected: number;
      expectedSource: ExpectedSource;
    })
  | (Judged & {
      /** Low flow: warn; the zones keep running. */
      type: 'warnLowFlow';
      zoneIds: number[];
      expected: number;
      expectedSource: ExpectedSource;
    })
  | (Judged & {
      /** Flow with no zone running: stop the meter's pump. */
      type: 'unscheduledFlow';
      threshold: number;
    })
  | (Judged & {
      /** Mainline break: pause the program(s) on the meter and stop the pump. */
      type: 'mainlineBreak';
      /** The limit crossed, L/min. */
      limit: number;
      /** The flow the limit is a percentage of, L/min. */
      base: number;
      percent: number;
      zoneIds: number[];
    });

export type FlowStep = { state: MeterFlowState; actions: FlowAction[] };

// ── The machine ──────────────────────────────────────────────────────────────────────────────

const SECOND_MS = 1000;

const sameValve = (a: OpenValve) => (b: OpenValve) =>
  a.zoneId === b.zoneId && a.openedAt === b.openedAt;

const limitsOf = (zone: RunningZone): ZoneFlowLimits => zone.limits ?? DEFAULT_ZONE_FLOW_LIMITS;

/** Sum of the running zones' expected flows, or null when one of them has none. */
function expectedOf(running: readonly RunningZone[]): {
  flow: number;
  source: ExpectedSource;
} | null {
  let flow = 0;
  const sources = new Set<FlowSource>();
  for (const zone of running) {
    if (zone.expected.flow === null || zone.expected.source === 'none') return null;
    flow += zone.expected.flow;
    sources.add(zone.expected.source);
  }
  const [only] = sources;
  const source: ExpectedSource =
    sources.size === 1 && (only === 'learned' || only === 'designed') ? only : 'mixed';
  return { flow, source };
}

/**
 * Moves a condition on by one reading: `phase` is what this reading shows. A new phase starts a
 * new episode at this reading's time (a reading back inside the limits thereby resets the clock);
 * the same phase keeps its start. Returns whether the alarm is due now: the phase has held for
 * its whole delay and has not been raised in this episode.
 */
function advance<Phase extends string>(
  previous: FlowCondition<Phase>,
  phase: Phase,
  time: number,
  delayMs: number,
): { condition: FlowCondition<Phase>; due: boolean } {
  const since = previous.phase === phase && previous.since !== null ? previous.since : time;
  const raised = previous.phase === phase ? previous.raised : false;
  const due = !raised && time - since >= delayMs;
  return { condition: { phase, since, raised: raised || due }, due };
}

/**
 * When the running zones are settled. A newly opened valve settles from its opening; a valve that
 * closed while others run changes their flow too, and since its closing time is not known, the
 * rest settle again from this reading. An unchanged set keeps its time.
 */
function settledAtOf(
  state: MeterFlowState,
  running: readonly RunningZone[],
  time: number,
): number | null {
  if (running.length === 0) return null;
  const closed = state.running.some((valve) => !running.some(sameValve(valve)));
  const opened = running.filter((zone) => !state.running.some(sameValve(zone)));
  if (!closed && opened.length === 0 && state.settledAt !== null) return state.settledAt;
  let settledAt = state.settledAt ?? Number.NEGATIVE_INFINITY;
  const fresh = closed || state.settledAt === null ? running : opened;
  for (const zone of fresh) {
    const settle = limitsOf(zone).settleSeconds * SECOND_MS;
    settledAt = Math.max(settledAt, (closed ? time : zone.openedAt) + settle);
    if (closed) settledAt = Math.max(settledAt, zone.openedAt + settle);
  }
  return settledAt;
}

/**
 * One meter reading through the supervisor. `now` is when the decision is made (stamped on the
 * actions); the conditions are timed by the reading's own time. Nothing is judged while a valve
 * settles; a condition must hold for its whole delay; each episode raises its alarm once. A
 * mainline break found at the same reading as a high flow is the one acted on: pausing the
 * program closes the zones anyway, and two critical alarms for one burst would be noise.
 */
export function superviseFlow(
  state: MeterFlowState,
  observation: FlowObservation,
  limits: MeterFlowLimits,
  now: number,
): FlowStep {
  const { time, flow, running, meterId } = observation;
  if (state.lastReadingAt !== null && time < state.lastReadingAt) return { state, actions: [] };

  const settledAt = settledAtOf(state, running, time);
  const changed =
    running.length !== state.running.length ||
    running.some((zone) => !state.running.some(sameValve(zone)));
  const settling = settledAt !== null && time < settledAt;
  const expected = expectedOf(running);
  const zoneIds = running.map((zone) => zone.zoneId);
  const actions: FlowAction[] = [];
  const judged = (since: number | null) => ({
    meterId,
    at: now,
    measured: flow,
    heldSeconds: since === null ? 0 : (time - since) / SECOND_MS,
  });

  // The mainline: judged whenever no valve settles (a filling lateral can draw far over its flow
  // for most of a minute), against 150 % of the largest zone flow on the meter or of what runs
  // together now, whichever is more, so zones rightly run together never look like a break.
  let mainline: FlowCondition<MainlinePhase>;
  const base = Math.max(observation.largestZoneFlow ?? 0, expected?.flow ?? 0);
  const mainlineLimit = (base * limits.mainlinePercent) / 100;
  if (settling || base <= 0) {
    // A raised break stays raised until the flow is back: the program was paused for it.
    mainline =
      state.mainline.raised && flow > mainlineLimit && base > 0
        ? state.mainline
        : { phase: 'normal', since: null, raised: false };
  } else if (flow > mainlineLimit) {
    const step = advance(state.mainline, 'over', time, limits.mainlineDelaySeconds * SECOND_MS);
    mainline = step.condition;
    if (step.due) {
      actions.push({
        ...judged(mainline.since),
        type: 'mainlineBreak',
        limit: mainlineLimit,
        base,
        percent: limits.mainlinePercent,
        zoneIds,
      });
    }
  } else {
    mainline = { phase: 'normal', since: null, raised: false };
  }
  const mainlineBroke = actions.length > 0;

  let zones: FlowCondition<ZoneFlowPhase>;
  if (running.length === 0) {
    if (flow > limits.unscheduledFlow) {
      const previous = changed ? INITIAL_METER_FLOW_STATE.zones : state.zones;
      const step = advance(
        previous,
        'unscheduled',
        time,
        limits.unscheduledDelaySeconds * SECOND_MS,
      );
      // With a mainline break raised the pump is already stopped and a critical alarm is out
      // for this very water: the episode counts as raised.
      zones = mainline.raised ? { ...step.condition, raised: true } : step.condition;
      if (step.due && !mainline.raised) {
        actions.push({
          ...judged(zones.since),
          type: 'unscheduledFlow',
          threshold: limits.unscheduledFlow,
        });
      }
    } else {
      zones = { phase: 'idle', since: null, raised: false };
    }
  } else if (settling) {
    const since = changed || state.zones.phase !== 'settling' ? time : state.zones.since;
    zones = { phase: 'settling', since, raised: false };
  } else if (expected === null) {
    zones = { phase: 'unsupervised', since: null, raised: false };
  } else {
    const high = running.reduce(
      (sum, zone) => sum + (zone.expected.flow ?? 0) * (1 + limitsOf(zone).highPercent / 100),
      0,
    );
    const low = running.reduce(
      (sum, zone) => sum + (zone.expected.flow ?? 0) * (1 - limitsOf(zone).lowPercent / 100),
      0,
    );
    // Zones with different delays run together: the longest is kept, so none alarms early.
    const delay = (key: 'highDelaySeconds' | 'lowDelaySeconds') =>
      Math.max(...running.map((zone) => limitsOf(zone)[key])) * SECOND_MS;
    const previous = changed ? INITIAL_METER_FLOW_STATE.zones : state.zones;
    if (flow > high) {
      const step = advance(previous, 'high', time, delay('highDelaySeconds'));
      zones = step.condition;
      if (step.due && !mainlineBroke && !mainline.raised) {
        actions.push({
          ...judged(zones.since),
          type: 'closeZones',
          zoneIds,
          expected: expected.flow,
          expectedSource: expected.source,
        });
      }
    } else if (flow < low) {
      const step = advance(previous, 'low', time, delay('lowDelaySeconds'));
      zones = step.condition;
      if (step.due) {
        actions.push({
          ...judged(zones.since),
          type: 'warnLowFlow',
          zoneIds,
          expected: expected.flow,
          expectedSource: expected.source,
        });
      }
    } else {
      zones = { phase: 'watching', since: null, raised: false };
    }
  }

  return {
    state: {
      running: running.map(({ zoneId, openedAt }) => ({ zoneId, openedAt })),
      settledAt,
      zones,
      mainline,
      lastReadingAt: time,
    },
    actions,
  };
}
