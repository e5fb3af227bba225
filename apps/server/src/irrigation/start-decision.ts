/**
 * The skip rules at the moment a start begins (issue 30 item 5): a start now is decided when the
 * runner takes its request, before it is planned; a delayed start when its start time comes, on
 * the run waiting for it. Skip: the request is done with the decision's words, nothing opens and
 * the program stays stopped; scale: the zones water `factor` times as long, this run only; run:
 * as before. A program with neither skip rules nor deficit mode is never decided: it starts
 * exactly as it always did.
 * Tests and resumes are never decided. A program in "water the deficit" mode is decided next,
 * on a start of the whole program the rules did not skip: only its dry zones run, each for its
 * refill (resources/programs/deficit-decision.ts); none dry skips the start with the sentence.
 * Each decision is kept (program_decisions) before the step, once per request, so a job that
 * runs again carries out the same decision.
 */
import {
  deficitRunningZones,
  deficitRunProgram,
  runStateSchema,
  scaleQueuedWatering,
  skipStart,
  startDueForDecision,
  stepRun,
  waterQueuedForDeficit,
  type RunSetup,
} from '@paddock/domain';
import { deficitModeOf, keepDeficitDecision } from '../resources/programs/deficit-decision.ts';
import { keepStartDecision } from '../resources/programs/program-decision.ts';
import { loadRun } from './program-run.repository.ts';
import type { RunDriver } from './run-driver.ts';
import { requestStep, wakeStep, type RequestPayload, type Transform } from './runner-plan.ts';

async function storedRun(driver: RunDriver, programId: number) {
  const stored = await loadRun(driver.db, programId);
  const parsed = runStateSchema.safeParse(stored?.raw ?? null);
  return parsed.success ? parsed.data : null;
}

/** A start called off with the decision's words: nothing opens, the program stays stopped. */
function skipping(requestId: number, sentence: string): Transform {
  return (state, at) =>
    state?.handledRequests.includes(requestId) ? null : skipStart(state, requestId, sentence, at);
}

/** The step for a start request: decided by the skip rules, then deficit mode, when it begins now. */
export async function startRequestStep(
  driver: RunDriver,
  programId: number,
  requestId: number,
  payload: RequestPayload,
  setup: RunSetup,
): Promise<Transform> {
  const plain = requestStep(requestId, 'start', payload, setup);
  const now = driver.clock.now();
  const { schedule } = setup.program;
  // Deficit mode decides a start of the whole program; zones named by hand run as asked.
  const deficit = !payload.zones && deficitModeOf(schedule) !== null;
  if (!schedule.skipRules && !deficit) return plain;
  // A delayed start is decided when its start time comes (decidedWakeStep).
  if (payload.startTime && Date.parse(payload.startTime) > now.getTime()) return plain;
  // Zones added to a live run join what was decided when it began (or are refused).
  const current = await storedRun(driver, programId);
  if (current && (current.activity !== 'stopped' || current.handledRequests.includes(requestId))) {
    return plain;
  }
  // The skip rules first: a start they call off is not looked at by deficit mode.
  const outcome = await keepStartDecision(driver.db, programId, requestId, now);
  if (outcome?.action === 'skip') return skipping(requestId, outcome.sentence);
  const decided = deficit
    ? await keepDeficitDecision(driver.db, programId, requestId, now, setup.program)
    : null;
  if (decided) {
    const zones = deficitRunningZones(decided.detail);
    if (zones.length === 0) return skipping(requestId, decided.sentence);
    const program = deficitRunProgram(setup.program, decided.detail);
    return requestStep(requestId, 'start', { ...payload, zones }, { ...setup, program });
  }
  if (outcome?.action === 'scale') {
    return requestStep(requestId, 'start', payload, { ...setup, factor: outcome.factor });
  }
  return plain;
}

/** A wake of the run: a delayed start whose time has come is decided first. */
export async function decidedWakeStep(driver: RunDriver, programId: number): Promise<Transform> {
  const stored = await storedRun(driver, programId);
  const requestId = startDueForDecision(stored, driver.clock.now());
  if (requestId === null) return wakeStep;
  const outcome = await keepStartDecision(driver.db, programId, requestId, driver.clock.now());
  const decided =
    outcome?.action !== 'skip' && stored?.request?.zones === null
      ? await keepDeficitDecision(driver.db, programId, requestId, driver.clock.now())
      : null;
  if (!decided && (!outcome || outcome.action === 'run')) return wakeStep;
  return (state, now) => {
    // The run changed since it was read (a pause called the start off): a plain wake.
    if (!state || startDueForDecision(state, now) !== requestId) return wakeStep(state, now);
    if (outcome?.action === 'skip') return skipStart(state, requestId, outcome.sentence, now);
    if (decided) {
      return deficitRunningZones(decided.detail).length === 0
        ? skipStart(state, requestId, decided.sentence, now)
        : stepRun(waterQueuedForDeficit(state, decided.detail), { type: 'wake' }, now);
    }
    return outcome?.action === 'scale'
      ? stepRun(scaleQueuedWatering(state, outcome.factor), { type: 'wake' }, now)
      : wakeStep(state, now);
  };
}
