/**
 * How a webhook event reaches an endpoint (issue 32 item 5): one attempt at a time per endpoint,
 * in the order the events happened, each with a short timeout; a failed attempt is tried again
 * after a wait that doubles from WEBHOOK_RETRY_FIRST_MS up to WEBHOOK_RETRY_MAX_MS, until
 * WEBHOOK_GIVE_UP_MS have passed since the first attempt (at least 24 hours, as the issue asks);
 * then the delivery is failed and the endpoint's next event goes. Only a 2xx answer delivers.
 */
import { z } from 'zod';

/** An attempt not answered by then has failed; the receiver should answer first, work later. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** The wait after a first failure. */
export const WEBHOOK_RETRY_FIRST_MS = 30_000;
/** The longest wait between two attempts. */
export const WEBHOOK_RETRY_MAX_MS = 3_600_000;
/** Failed attempts go on this long after the first; the first one failing after it gives up. */
export const WEBHOOK_GIVE_UP_MS = 24 * 3_600_000;
/** Characters of a receiver's answer (or of the error) kept with each attempt. */
export const WEBHOOK_EXCERPT_LENGTH = 500;
/** Events are kept this long once no delivery of them waits, so their attempts can be read. */
export const WEBHOOK_KEEP_MS = 30 * 24 * 3_600_000;

export const webhookDeliveryStatusSchema = z.enum(['pending', 'delivered', 'failed']);
export type WebhookDeliveryStatus = z.infer<typeof webhookDeliveryStatusSchema>;

/** Whether the receiver's answer delivers the event: any 2xx, as Standard Webhooks says. */
export function isDelivered(statusCode: number | null): boolean {
  return statusCode !== null && statusCode >= 200 && statusCode < 300;
}

/** The wait after the `failures`-th failed attempt in a row (1 for the first). */
export function retryDelayMs(failures: number): number {
  return Math.min(WEBHOOK_RETRY_FIRST_MS * 2 ** Math.max(0, failures - 1), WEBHOOK_RETRY_MAX_MS);
}

/**
 * When a delivery that just failed for the `failures`-th time is tried again, or null when it
 * gives up: its first attempt was WEBHOOK_GIVE_UP_MS or more before `now`.
 */
export function nextAttemptAt(failures: number, firstAttemptAt: Date, now: Date): Date | null {
  if (now.getTime() - firstAttemptAt.getTime() >= WEBHOOK_GIVE_UP_MS) return null;
  return new Date(now.getTime() + retryDelayMs(failures));
}
