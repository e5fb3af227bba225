/**
 * The webhook delivery job (issue 32 item 5), in the worker: each round claims the due head of
 * every active endpoint's queue and sends them side by side, each POST with the Standard Webhooks
 * headers signed at the attempt's time and WEBHOOK_TIMEOUT_MS to answer; a 2xx delivers, anything
 * else is tried again after the domain's back-off, for at least a day, then failed, and the
 * endpoint's next event goes. An endpoint's next delivery waits for the one before it: events
 * arrive in the order they happened. A round that delivered something runs again at once, so a
 * backlog (an endpoint back after an hour away) drains without waiting for the interval.
 *
 * Nothing else waits for this: sources only write the outbox (publish.ts), the job runs on the
 * background lane (db/lanes.ts), and no transaction is open while a request is on its way.
 */
import {
  isDelivered,
  nextAttemptAt,
  webhookHeaders,
  WEBHOOK_EXCERPT_LENGTH,
  WEBHOOK_KEEP_MS,
  WEBHOOK_TIMEOUT_MS,
  type WebhookPayload,
} from '@paddock/domain';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/client.ts';
import { repeatEvery } from '../jobs/repeat.ts';
import type { Log } from '../log.ts';
import {
  claimDueDeliveries,
  deliveryToSend,
  recordAttempt,
  type DeliveryToSend,
} from './delivery.repository.ts';
import { deleteOldWebhookEvents } from './outbox.repository.ts';

/** How often an idle worker looks for due deliveries. */
const DELIVERY_INTERVAL_MS = 5_000;
/** A claimed delivery is free again after this, if the process that claimed it died. */
const LEASE_MS = WEBHOOK_TIMEOUT_MS * 6;
/** Deliveries one endpoint is sent in a row before the round ends and others are looked at. */
const DRAIN_LIMIT = 100;
/** How often old events are cleared away. */
const PRUNE_INTERVAL_MS = 3_600_000;

export type WebhookDeliveryDeps = {
  db: Database;
  clock: Clock;
  log: Log;
  /** Overrides WEBHOOK_TIMEOUT_MS (tests). */
  timeoutMs?: number;
};

/**
 * One round: sends the due head of every endpoint, each endpoint on its own, and goes on with an
 * endpoint's next delivery as soon as one is delivered (up to DRAIN_LIMIT), so a slow endpoint
 * holds up only its own queue. Answers whether any endpoint may have more due.
 */
export async function deliverDueWebhooks(deps: WebhookDeliveryDeps): Promise<boolean> {
  const claimed = await claim(deps, null);
  const drained = await Promise.all(claimed.map((id) => drain(deps, id)));
  return drained.some(Boolean);
}

function claim(deps: WebhookDeliveryDeps, endpointId: number | null) {
  const now = deps.clock.now();
  return claimDueDeliveries(deps.db, now, new Date(now.getTime() + LEASE_MS), endpointId);
}

/** Sends an endpoint's deliveries from the claimed one on while they are delivered. */
async function drain(deps: WebhookDeliveryDeps, first: number): Promise<boolean> {
  let next: number | undefined = first;
  for (let sent = 0; next !== undefined; sent++) {
    const endpointId = await attempt(deps, next);
    if (endpointId === null) return false;
    if (sent + 1 >= DRAIN_LIMIT) return true;
    [next] = await claim(deps, endpointId);
  }
  return false;
}

/** Sends one claimed delivery and records the attempt; its endpoint's id when it was delivered. */
async function attempt(deps: WebhookDeliveryDeps, id: number): Promise<number | null> {
  const delivery = await deliveryToSend(deps.db, id);
  if (!delivery) return null;
  const at = deps.clock.now();
  const started = performance.now();
  const answer = await post(delivery, at, deps.timeoutMs ?? WEBHOOK_TIMEOUT_MS);
  const durationMs = Math.round(performance.now() - started);
  const delivered = isDelivered(answer.statusCode);
  // Every earlier attempt of the delivery failed: this one's number is the failures in a row.
  const number = delivery.attempts + 1;
  const next = delivered ? null : nextAttemptAt(number, delivery.firstAttemptAt ?? at, at);
  const status = delivered ? 'delivered' : next ? 'pending' : 'failed';
  await recordAttempt(
    deps.db,
    delivery,
    { attempt: number, at, durationMs, delivered, ...answer },
    { status, nextAttemptAt: next },
  );
  if (!delivered) {
    deps.log.warn(
      { webhook: delivery.endpointId, delivery: id, statusCode: answer.statusCode, status },
      'webhook not delivered',
    );
  }
  return delivered ? delivery.endpointId : null;
}

/** POSTs the event, signed now; the receiver's status (null: none) and the start of its answer. */
async function post(
  delivery: DeliveryToSend,
  at: Date,
  timeoutMs: number,
): Promise<{ statusCode: number | null; excerpt: string }> {
  const payload: WebhookPayload = {
    type: delivery.kind,
    timestamp: delivery.at.toISOString(),
    data: delivery.data,
  };
  const body = JSON.stringify(payload);
  try {
    const response = await fetch(delivery.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Paddock-Webhooks/1',
        ...webhookHeaders(delivery.secret, delivery.messageId, at, body),
      },
      body,
      // A redirect is not followed: the receiver's answer is the 3xx, and it is not delivered.
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    return { statusCode: response.status, excerpt: await excerptOf(response) };
  } catch (error) {
    return { statusCode: null, excerpt: whyNoAnswer(error, timeoutMs) };
  }
}

/** The start of the answer, read no further than it needs. */
async function excerptOf(response: Response): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) return '';
  const decoder = new TextDecoder();
  let text = '';
  try {
    while (text.length < WEBHOOK_EXCERPT_LENGTH) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
  } catch {
    // The answer broke off (or ran out of time) half way: what came is the excerpt.
  } finally {
    await reader.cancel().catch(() => {});
  }
  return text.slice(0, WEBHOOK_EXCERPT_LENGTH);
}

function whyNoAnswer(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && error.name === 'TimeoutError') {
    return `No answer within ${timeoutMs / 1000} s`;
  }
  const cause = error instanceof Error ? (error.cause as { message?: string } | undefined) : null;
  const message = error instanceof Error ? error.message : String(error);
  return (cause?.message ? `${message}: ${cause.message}` : message).slice(
    0,
    WEBHOOK_EXCERPT_LENGTH,
  );
}

/** Delivers every `intervalMs` until closed (worker role), and clears old events hourly. */
export function startWebhookDeliveries(deps: WebhookDeliveryDeps & { intervalMs?: number }): {
  close: () => Promise<void>;
} {
  let prunedAt = Number.NEGATIVE_INFINITY;
  return repeatEvery({
    first: 'now',
    intervalMs: deps.intervalMs ?? DELIVERY_INTERVAL_MS,
    round: async () => {
      const now = deps.clock.now().getTime();
      if (now - prunedAt >= PRUNE_INTERVAL_MS) {
        prunedAt = now;
        await deleteOldWebhookEvents(deps.db, new Date(now - WEBHOOK_KEEP_MS));
      }
      return deliverDueWebhooks(deps);
    },
    onError: (error) =>
      deps.log.warn({ err: String(error) }, 'webhook deliveries could not be taken'),
  });
}
