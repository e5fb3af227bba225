/**
 * A program's pump actions (§3 "Pump actions: autoPumpStart, autoPumpStop, autoProgramResume,
 * autoProgramPause"), kept in its schedule beside the pump attachments they act on:
 * - autoPumpStart: the run starts the attached pumps before the valves open (and, for safety,
 *   always stops what it started: a pump must not run against closed valves);
 * - autoPumpStop: the run stops the attached pumps once every valve has closed. Without
 *   autoPumpStart the pumps are left to their own switch (a pressure switch) and the run neither
 *   starts nor stops them;
 * - autoProgramPause: an attached pump that reports a fault pauses the program it feeds;
 * - autoProgramResume: when that pump recovers, the program it paused resumes.
 * A schedule without the list has the runner's behaviour before pump actions: start and stop.
 */
import type { ProgramActivity, PumpAction } from '../entities/vocabulary.ts';
import { isResumable, isStoppable } from '../states/zone.ts';

export const DEFAULT_PUMP_ACTIONS: readonly PumpAction[] = ['autoPumpStart', 'autoPumpStop'];

/** The program's pump actions, with the default for a schedule that lists none. */
export function pumpActionsOf(schedule: {
  pumpActions?: readonly PumpAction[] | undefined;
}): readonly PumpAction[] {
  return schedule.pumpActions ?? DEFAULT_PUMP_ACTIONS;
}

/** Whether the run starts (and stops) the attached pumps itself. */
export function runDrivesPumps(schedule: {
  pumpActions?: readonly PumpAction[] | undefined;
}): boolean {
  return pumpActionsOf(schedule).includes('autoPumpStart');
}

/**
 * What a pump's fault state asks of the program it feeds:
 * - pause: the pump faulted while the program waters (starting, running, resuming) and the
 *   program has autoProgramPause; the program is then held by the pump;
 * - resume: the pump that holds the program recovered, the program is still paused and has
 *   autoProgramResume;
 * - `hold` says whether the program is held by this pump afterwards: a pause sets it, a
 *   recovery clears it (with or without a resume: a program paused by hand meanwhile, or without
 *   autoProgramResume, stays paused for the operator).
 */
export function pumpFaultDecision(input: {
  actions: readonly PumpAction[];
  pumpFaulted: boolean;
  /** The program's shown activity (§4). */
  activity: ProgramActivity;
  /** The program is held (paused) by this pump's fault. */
  held: boolean;
}): { action: 'pause' | 'resume' | null; hold: boolean } {
  const { actions, pumpFaulted, activity, held } = input;
  if (pumpFaulted) {
    if (held) return { action: null, hold: true };
    if (actions.includes('autoProgramPause') && isStoppable(activity)) {
      return { action: 'pause', hold: true };
    }
    return { action: null, hold: false };
  }
  if (!held) return { action: null, hold: false };
  const resume = actions.includes('autoProgramResume') && isResumable(activity);
  return { action: resume ? 'resume' : null, hold: false };
}
