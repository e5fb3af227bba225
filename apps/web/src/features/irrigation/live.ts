/**
 * How the irrigation workspace follows the field (issue 6 "Live"). §9 names no pace for program
 * requests, so these are ours: a request is followed every 2 s, and while a program is live its
 * program and controls are refetched every 3 s, so the map and the panel show a change within one
 * refresh. An idle area is refreshed by the route refresh (§2, 60 s).
 */
import { isRunningColour, shownActivity, type Program, type RequestStatus } from '@paddock/domain';

/** A request sent from this console is followed up this often… */
export const REQUEST_POLL_MS = 2_000;
/** …until it ends or this long has passed (the field may be out of reach; the program polls on). */
export const REQUEST_POLL_LIMIT_MS = 5 * 60_000;
/** Program and controls refetch while the program is live. */
export const LIVE_REFRESH_MS = 3_000;

/** Request statuses (§3) after which nothing more happens to the request. */
const FINAL_REQUEST_STATUSES: readonly RequestStatus[] = ['done', 'failed', 'cancelled'];

export function isFinalRequestStatus(status: RequestStatus): boolean {
  return FINAL_REQUEST_STATUSES.includes(status);
}

/** A request that ended without doing what was asked. */
export function isFailedRequestStatus(status: RequestStatus): boolean {
  return status === 'failed' || status === 'cancelled';
}

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
