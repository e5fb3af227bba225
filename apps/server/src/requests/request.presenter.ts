/** A request row as the API shows it (§3 Request). */
import type { ActionRequest } from '@paddock/domain';
import type { RequestRow } from './request.repository.ts';

/** `waitingForDevice` is told only where the caller asked (requestWaitsForDevice). */
export function presentRequest(row: RequestRow, waitingForDevice?: boolean): ActionRequest {
  return {
    id: row.id,
    action: row.action,
    type: row.type,
    status: row.status,
    target: row.targetId,
    created: row.createdAt.toISOString(),
    updated: row.updatedAt ? row.updatedAt.toISOString() : null,
    ...(waitingForDevice === undefined ? {} : { waitingForDevice }),
  };
}
