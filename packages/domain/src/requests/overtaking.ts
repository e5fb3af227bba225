/**
 * Overtaking (§3 Request): a target carries out one request at a time, and a newer request waits
 * for the one in flight, except a pause or a fan's stop: stopping water or an engine must never
 * wait. The request it overtakes
 * is cancelled, not failed, as nothing went wrong with it.
 */
import type { RequestAction, RequestStatus } from '../entities/vocabulary.ts';
import { isOpenRequestStatus } from './statuses.ts';

/** Whether a request with this action may be recorded while an earlier one is still open. */
export function mayOvertake(action: RequestAction): boolean {
  return action === 'pause' || action === 'stop';
}

/**
 * What becomes of a request when a newer one on the same target is taken up: an open one is
 * cancelled, with the reason naming the newer request; a final one stays (null).
 */
export function overtaken(
  current: { status: RequestStatus },
  newerRequestId: number,
): { status: 'cancelled'; reason: string } | null {
  if (!isOpenRequestStatus(current.status)) return null;
  return { status: 'cancelled', reason: `overtaken by request ${newerRequestId}` };
}
