/** Contact notification test status (§4): polled every 2 s (§9) until done. */
import type { RequestStatus } from '../entities/vocabulary.ts';
import { isOneOf } from '../entities/words.ts';

export type NotificationTestOutcome = 'pending' | 'done' | 'failed';

/**
 * §4: new and inProgress are still going, so the console keeps polling. Decision: the request
 * vocabulary's pending (§3) is not final either, so it keeps polling too.
 */
export const pendingNotificationTestStatuses = [
  'new',
  'inProgress',
  'pending',
] as const satisfies readonly RequestStatus[];

/**
 * §4 "new, inProgress, done; polled every 2 s until done; other final status is failure".
 * Decision: a missing or unknown status is failure too, so polling never runs forever.
 */
export function notificationTestOutcome(
  status: RequestStatus | string | null | undefined,
): NotificationTestOutcome {
  if (status === 'done') return 'done';
  return isOneOf(pendingNotificationTestStatuses, status) ? 'pending' : 'failed';
}
