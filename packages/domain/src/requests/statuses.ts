/**
 * A request's life (§3 Request): it is recorded `new`, may wait `pending` (claimed, or a start at a
 * later time), goes `inProgress` once the field has taken it, and ends `done`, `failed` or
 * `cancelled`. A final status never moves again.
 */
import type { z } from 'zod';
import { requestStatusSchema, type RequestStatus } from '../entities/vocabulary.ts';
import { isOneOf } from '../entities/words.ts';

/** The field has not finished with the request yet: it may still change. */
export const OPEN_REQUEST_STATUSES = [
  'new',
  'pending',
  'inProgress',
] as const satisfies readonly RequestStatus[];
export type OpenRequestStatus = (typeof OPEN_REQUEST_STATUSES)[number];

/** The request is over and its status stays: every status that is not open, so none is both. */
const finalRequestStatusSchema = requestStatusSchema.exclude(OPEN_REQUEST_STATUSES);
export const FINAL_REQUEST_STATUSES = finalRequestStatusSchema.options;
export type FinalRequestStatus = z.infer<typeof finalRequestStatusSchema>;

export function isOpenRequestStatus(status: RequestStatus): status is OpenRequestStatus {
  return isOneOf(OPEN_REQUEST_STATUSES, status);
}

export function isFinalRequestStatus(status: RequestStatus): status is FinalRequestStatus {
  return isOneOf(FINAL_REQUEST_STATUSES, status);
}

/** Over without being carried out: it failed, or a newer request overtook it (cancelled). */
export function isFailedRequestStatus(status: RequestStatus): boolean {
  return status === 'failed' || status === 'cancelled';
}
