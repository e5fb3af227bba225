/** A site's webhook endpoints and their deliveries as the console reads them (issue 32 item 7). */
import type { WebhookDelivery, WebhookEndpoint } from '@paddock/domain';
import type { WebhookDeliveryRow, WebhookEndpointRow } from './webhooks.repository.ts';

/** Never the secret: only the create answer carries it. */
export function presentWebhook(row: WebhookEndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    site: row.siteId,
    url: row.url,
    events: row.events,
    active: row.active,
    created: row.createdAt.toISOString(),
    modified: row.modifiedAt.toISOString(),
    pending: row.pending,
    lastAttempt:
      row.lastAttemptAt === null
        ? null
        : {
            at: row.lastAttemptAt.toISOString(),
            statusCode: row.lastStatusCode,
            delivered: row.lastDelivered ?? false,
          },
  };
}

export function presentDelivery(row: WebhookDeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    event: { id: row.messageId, type: row.kind, timestamp: row.at.toISOString() },
    status: row.status,
    created: row.createdAt.toISOString(),
    nextAttemptAt: row.status === 'pending' ? (row.nextAttemptAt?.toISOString() ?? null) : null,
    attempts: row.attempts.map((attempt) => ({
      attempt: attempt.attempt,
      at: attempt.at.toISOString(),
      statusCode: attempt.statusCode,
      durationMs: attempt.durationMs,
      excerpt: attempt.excerpt,
    })),
  };
}
