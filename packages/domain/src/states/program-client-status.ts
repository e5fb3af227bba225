/**
 * The console's program status machine (§4 "Program status values (client)"): what the console
 * shows while and after it asks the server to activate, test, pause or update a program or zone.
 */
import type { ProgramActivity, ProgramClientStatus } from '../entities/vocabulary.ts';
import { isOneOf } from '../entities/words.ts';

/** §4: the client statuses that report a failed action. */
export const unsuccessfulClientStatuses = [
  'error',
  'applyFailed',
  'zoneError',
  'notPermitted',
] as const satisfies readonly ProgramClientStatus[];

/** §4 "error, applyFailed, zoneError, notPermitted are unsuccessful". */
export function isUnsuccessfulClientStatus(
  status: ProgramClientStatus | null | undefined,
): boolean {
  return status != null && isOneOf(unsuccessfulClientStatuses, status);
}

/** The actions of §4 whose outcome the console tracks. */
export type ProgramAction =
  'activate' | 'test' | 'zoneActivate' | 'zoneTest' | 'zonePause' | 'pause' | 'update';

/**
 * Where an action's call is: sent; answered ok; failed; or refused with 403 (§6 "403 means
 * insufficient permission").
 */
export type ProgramActionPhase = 'requested' | 'succeeded' | 'failed' | 'refused';

export type ProgramActionEvent =
  /** `resume` picks resuming over starting (POST programs/{id}/resume rather than /start). */
  | { action: 'activate'; phase: ProgramActionPhase; resume?: boolean }
  /** `manual`: the schedule is manual (pause) or the zone is manual (zone pause). */
  | { action: 'pause' | 'zonePause'; phase: ProgramActionPhase; manual?: boolean }
  | { action: 'test' | 'zoneActivate' | 'zoneTest' | 'update'; phase: ProgramActionPhase };

/** What the console holds for one program between server refreshes. */
export type ProgramClientState = {
  /** Outcome of the last action; null before any. */
  clientStatus: ProgramClientStatus | null;
  /** The activity shown, possibly set ahead of the server (starting, resuming, pausing). */
  activity: ProgramActivity;
  /** The activity before an optimistic change, restored when the action fails; null when none. */
  previousActivity: ProgramActivity | null;
};

/** The state of a program before any action, from the activity the server reports. */
export function initialProgramClientState(activity: ProgramActivity): ProgramClientState {
  return { clientStatus: null, activity, previousActivity: null };
}

/** The status an answered-ok action ends in (§4). */
function successStatus(event: ProgramActionEvent): ProgramClientStatus {
  switch (event.action) {
    case 'activate':
      return 'started';
    case 'test':
    case 'zoneTest':
      return 'testStarted';
    case 'zoneActivate':
      return 'zoneStarted';
    case 'zonePause':
      return event.manual === true ? 'testStopped' : 'zoneStopped';
    case 'pause':
      return event.manual === true ? 'testStopped' : 'stopped';
    case 'update':
      return 'applied';
  }
}

/**
 * The status a failed action ends in (§4): zone actions zoneError, update applyFailed, the rest
 * error. Decision: the spec gives no failure for test; it is error like activate and pause.
 */
function failureStatus(action: ProgramAction): ProgramClientStatus {
  if (action === 'zoneActivate' || action === 'zoneTest' || action === 'zonePause')
    return 'zoneError';
  return action === 'update' ? 'applyFailed' : 'error';
}

/** The activity a program shows while an action is sent, or null when the action does not change it. */
function optimisticActivity(event: ProgramActionEvent): ProgramActivity | null {
  if (event.action === 'activate') return event.resume === true ? 'resuming' : 'starting';
  return event.action === 'pause' ? 'pausing' : null;
}

/**
 * §4 transitions, as a reducer. Activate: pending with activity starting or resuming, then started,
 * or error with the previous activity restored. Pause: activity pausing, then stopped (testStopped
 * if the schedule is manual) or error with restore. Test: pending then testStarted. Zone activate:
 * zoneStarted or zoneError. Zone test: testStarted or zoneError. Zone pause: zoneStopped (testStopped
 * if the zone is manual) or zoneError. Update: pending, applied or applyFailed. A refused call
 * (403) is notPermitted, with restore.
 * Decisions: every sent action shows pending (the spec names it for activate, test and update only,
 * but an earlier outcome must not linger while a call is in flight); success keeps the optimistic
 * activity until the server reports the real one.
 */
export function nextProgramClientState(
  state: ProgramClientState,
  event: ProgramActionEvent,
): ProgramClientState {
  switch (event.phase) {
    case 'requested': {
      const activity = optimisticActivity(event);
      if (activity === null) return { ...state, clientStatus: 'pending' };
      return {
        clientStatus: 'pending',
        activity,
        // A second request keeps the activity from before the first, so restore goes back to it.
        previousActivity: state.previousActivity ?? state.activity,
      };
    }
    case 'succeeded':
      return {
        clientStatus: successStatus(event),
        activity: state.activity,
        previousActivity: null,
      };
    case 'failed':
    case 'refused':
      return {
        clientStatus: event.phase === 'refused' ? 'notPermitted' : failureStatus(event.action),
        activity: state.previousActivity ?? state.activity,
        previousActivity: null,
      };
  }
}
