/**
 * A control, radio or fan request advances from the commands the field link sent for it
 * (docs/field-protocol.md "Commands and acks"). Program requests are the runner's, which sets
 * their status itself (irrigation/runner.ts).
 */
import type { RequestStatus, RequestType } from '../entities/vocabulary.ts';
import { isOneOf } from '../entities/words.ts';

/**
 * Where a command to a device stands: sent, accepted by the device, then done or failed; timed out
 * when no final answer came by its deadline.
 */
export type CommandStatus = 'sent' | 'accepted' | 'done' | 'failed' | 'timedOut';

/** Request types whose status follows their commands; programs are the runner's. */
export const COMMAND_ADVANCED_REQUEST_TYPES = [
  'control',
  'radio',
  'fan',
] as const satisfies readonly RequestType[];

export function isCommandAdvanced(type: RequestType): boolean {
  return isOneOf(COMMAND_ADVANCED_REQUEST_TYPES, type);
}

/**
 * A request's status from its commands' (§3): failed once any failed or timed out, done once all
 * are done, in progress once any was accepted; null (unchanged) while all are merely sent.
 */
export function requestStatusFromCommands(
  statuses: readonly CommandStatus[],
): RequestStatus | null {
  if (statuses.length === 0) return null;
  if (statuses.some((status) => status === 'failed' || status === 'timedOut')) return 'failed';
  if (statuses.every((status) => status === 'done')) return 'done';
  if (statuses.some((status) => status === 'accepted' || status === 'done')) return 'inProgress';
  return null;
}
