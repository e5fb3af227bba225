/**
 * The skip rules at the moment a start begins (issue 30 item 5): a start now is decided when the
 * runner takes its request, before it is planned; a delayed start when its start time comes, on
 * the run waiting for it. Skip: the request is done with the decision's words, nothing opens and
 * the program stays stopped; scale: the zones water `factor` times as long, this run only; run:
 * as before. A program without skip rules is never decided: it starts exactly as it always did.
 * Tests and resumes are never decided. The decision is kept (program_decisions) before the step,
 * once per request, so a job that runs again carries out the same decision.
 */
import {
  runStateSchema,
  scaleQueuedWatering,
  skipStart,
  startDueForDecision,
  stepRun,
  type RunSetup,
} from '@paddock/domain';
import { keepStartDecision } from '../resources/programs/program-decision.ts';
import { loadRun } from './program-run.repository.ts';
import type { RunDriver } from './run-driver.ts';
import { requestStep, wakeStep, type RequestPayload, type Transform } from './runner-plan.ts';

async function storedRun(driver: RunDriver, programId: number) {
  const stored = await loadRun(driver.db, programId);
  const parsed = runStateSchema.safeParse(stored?.raw ?? null);
  return parsed.success ? parsed.data : null;
}

/** The step for a start request: decided by the skip rules when it begins now. */
export async function startRequestStep(
  driver: RunDriver,
  programId: number,
  requestId: number,
  payload: RequestPayload,
  setup: RunSetup,
): Promise<Transform> {
  const plain = requestStep(requestId, 'start', payload, setup);
  const now = driver.clock.now();
  if (!setup.program.schedule.skipRules) return plain;
  // A delayed start is decided when its start time comes (decidedWakeStep).
  if (payload.startTime && Date.parse(payload.startTime) > now.getTime()) return plain;
  // Zones added to a live run join what was decided when it began (or are refused).
  const current = await storedRun(driver, programId);
  if (current && (current.activity !== 'stopped' || current.handledRequests.includes(requestId))) {
    return plain;
  }
  const outcome = await keepStartDecision(driver.db, programId, requestId, now);
  switch (outcome?.action) {
    case 'skip':
      return (state, at) =>
        state?.handledRequests.includes(requestId)
          ? null
          : skipStart(state, requestId, outcome.sentence, at);
    case 'scale':
      return requestStep(requestId, 'start', payload, { ...setup, factor: outcome.factor });
    default:
      return plain;
  }
}

/** A wake of the run: a delayed start whose time has come is decided first. */
export async function decidedWakeStep(driver: RunDriver, programId: number): Promise<Transform> {
  const requestId = startDueForDecision(await storedRun(driver, programId), driver.clock.now());
  if (requestId === null) return wakeStep;
  const outcome = await keepStartDecision(driver.db, programId, requestId, driver.clock.now());
  if (!outcome || outcome.action === 'run') return wakeStep;
  return (state, now) => {
    // The run changed since it was read (a pause called the start off): a plain wake.
    if (!state || startDueForDecision(state, now) !== requestId) return wakeStep(state, now);
    return outcome.action === 'skip'
      ? skipStart(state, requestId, outcome.sentence, now)
      : stepRun(scaleQueuedWatering(state, outcome.factor), { type: 'wake' }, now);
  };
}
