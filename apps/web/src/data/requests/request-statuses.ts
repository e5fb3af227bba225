/**
 * Request statuses (§3) as the console reads them. The one place the console defines them, until
 * the domain's requests/ rules (the same names) replace this module.
 */
import type { RequestStatus } from '@paddock/domain';

/** Request statuses (§3) after which nothing more happens to the request. */
export const FINAL_REQUEST_STATUSES: readonly RequestStatus[] = ['done', 'failed', 'cancelled'];

export function isFinalRequestStatus(status: RequestStatus): boolean {
  return FINAL_REQUEST_STATUSES.includes(status);
}

/** A request that ended without doing what was asked. */
export function isFailedRequestStatus(status: RequestStatus): boolean {
  return status === 'failed' || status === 'cancelled';
}
