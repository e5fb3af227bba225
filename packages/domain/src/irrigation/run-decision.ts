/**
 * What the skip rules (water-balance/skip-rules.ts) do to a run at the moment its start begins:
 * a start now is decided before it is planned (a scale goes in as RunSetup.factor), a delayed
 * start when its start time comes, on the run already planned and waiting. A skip ends the start
 * with its request done and the reason, nothing opened; a scale multiplies the watering still to
 * come by the factor, for this run only.
 */
import type { RunState } from './run-state.ts';
import type { StepResult } from './run-step.ts';
import { remember, result, setRequestStatus, withCtx } from './run-context.ts';
import { soakMsOf } from './runtime.ts';

/**
 * The id of the start request whose run is due to begin at `now` and has not begun (a delayed
 * start at its start time, nothing opened yet): the moment its skip rules are checked. Null for
 * any other run, a test or a resume.
 */
export function startDueForDecision(state: RunState | null, now: Date): number | null {
  if (!state || state.kind !== 'run' || state.activity !== 'starting') return null;
  const request = state.request;
  if (!request || request.action !== 'start') return null;
  if (now.getTime() < state.startTime) return null;
  return state.zones.every((zone) => zone.phase === 'queued') ? request.id : null;
}

/**
 * The start is skipped by a rule: its request is done with the reason (the rule did what the
 * grower set it to do; it is not a failure), the program stays stopped and nothing is opened. A
 * delayed start's waiting run is called off as a pause before its start time calls it off; with
 * no run waiting, the run is left as it was but remembers the request.
 */
export function skipStart(
  current: RunState | null,
  requestId: number,
  reason: string,
  now: Date,
): StepResult {
  if (current && current.activity === 'starting' && current.request?.id === requestId) {
    return withCtx(current, now, (ctx) => {
      for (const lane of ctx.s.lanes) {
        lane.current = null;
        lane.queue = [];
      }
      for (const zone of ctx.s.zones) zone.phase = 'done';
      ctx.s.activity = 'stopped';
      ctx.s.endTime = null;
      ctx.s.stoppedTime = null;
      setRequestStatus(ctx, 'done', reason);
    });
  }
  const effects = [{ kind: 'request' as const, requestId, status: 'done' as const, reason }];
  if (!current) return result(null, effects, now.getTime());
  const state = JSON.parse(JSON.stringify(current)) as RunState;
  if (!state.handledRequests.includes(requestId)) remember(state, requestId);
  return result(state, effects, now.getTime());
}

/** The run's zones still queued water `factor` times as long (a delayed start's seasonal scale). */
export function scaleQueuedWatering(state: RunState, factor: number): RunState {
  const scale = (ms: number) => Math.round(ms * factor);
  return {
    ...state,
    zones: state.zones.map((zone) => {
      if (zone.phase !== 'queued') return zone;
      const cycleMs = scale(zone.cycleMs);
      return {
        ...zone,
        cycleMs,
        soakMs: soakMsOf(cycleMs, zone.cycles),
        valves: zone.valves.map((valve) => ({ ...valve, cycleMs: scale(valve.cycleMs) })),
      };
    }),
  };
}
