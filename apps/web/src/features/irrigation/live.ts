/**
 * How the irrigation workspace follows the field (issue 6 "Live"). §9 names no pace for program
 * requests, so these are ours: a request is followed every 2 s, and while a program is live its
 * program and controls are refetched every 3 s, so the map and the panel show a change within one
 * refresh. An idle area is refreshed by the route refresh (§2, 60 s).
 */
import { isRunningColour, shownActivity, type Program } from '@paddock/domain';
import type { RequestPace } from '../../data/requests/follow-request.ts';

/** A request sent from this console is followed up this often… */
export const REQUEST_POLL_MS = 2_000;
/** …until it ends or this long has passed (the field may be out of reach; the program polls on). */
const REQUEST_POLL_LIMIT_MS = 5 * 60_000;
/** The follow-ups of a program request: every REQUEST_POLL_MS for REQUEST_POLL_LIMIT_MS. */
export const PROGRAM_REQUEST_PACE: RequestPace = {
  everyMs: REQUEST_POLL_MS,
  polls: REQUEST_POLL_LIMIT_MS / REQUEST_POLL_MS,
};
/** Program and controls refetch while the program is live. */
export const LIVE_REFRESH_MS = 3_000;

/**
 * The program is changing in the field, so it is polled at the live pace: its shown activity is
 * in the running colour (running, starting, resuming, pausing, §4), a request is being carried
 * out, or a zone is under way on its own (a zone started by hand while the program is stopped).
 */
export function isProgramLive(program: Program, now: Date): boolean {
  return (
    program.status.requestActive ||
    isRunningColour(shownActivity(program.status, now)) ||
    program.zones.some((zone) => isRunningColour(zone.application.status))
  );
}
