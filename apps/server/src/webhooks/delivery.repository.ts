/**
 * The webhook delivery job's SQL (delivery.ts): the head of each active endpoint's queue (its
 * oldest pending delivery) claimed when due, by a lease so another process leaves it alone while
 * no transaction is held across the request; what an attempt sends; and an attempt recorded with
 * what it makes of the delivery.
 */
import type { WebhookDeliveryStatus, WebhookEventKind } from '@paddock/domain';
import { count, eq, min, sql } from 'drizzle-orm';
import { queryRows, type Database } from '../db/client.ts';
import {
  webhookAttempts,
  webhookDeliveries,
  webhookEndpoints,
  webhookEvents,
} from '../db/schema.ts';

/**
 * Leases the due head of every active endpoint's queue (or of one endpoint's) until `leaseUntil`;
 * answers their ids. A head waiting for its retry holds its endpoint's later deliveries back, so
 * each endpoint gets its events in order.
 */
export async function claimDueDeliveries(
  db: Database,
  now: Date,
  leaseUntil: Date,
  endpointId: number | null = null,
): Promise<number[]> {
  const ofEndpoint = endpointId === null ? sql`` : sql`and e.id = ${endpointId}`;
  const rows = await queryRows<{ id: string | number }>(
    db,
    sql`update webhook_deliveries d set leased_until = ${leaseUntil}
        from (
          select head.id from webhook_endpoints e
          cross join lateral (
            select p.id, p.next_attempt_at from webhook_deliveries p
            where p.endpoint_id = e.id and p.status = 'pending'
            order by p.id limit 1
          ) head
          where e.active and head.next_attempt_at <= ${now} ${ofEndpoint}
        ) due
        where d.id = due.id and d.status = 'pending'
          and (d.leased_until is null or d.leased_until <= ${now})
        returning d.id`,
  );
  return rows.map((row) => Number(row.id));
}

export type DeliveryToSend = {
  id: number;
  endpointId: number;
  url: string;
  secret: string;
  messageId: string;
  kind: WebhookEventKind;
  data: Record<string, unknown>;
  at: Date;
  /** Attempts made so far, and when the first was; 0 and null before the first. */
  attempts: number;
  firstAttemptAt: Date | null;
};

/** A claimed delivery with its endpoint and event; null when it was deleted meanwhile. */
export async function deliveryToSend(db: Database, id: number): Promise<DeliveryToSend | null> {
  const [row] = await db
    .select({
      id: webhookDeliveries.id,
      endpointId: webhookEndpoints.id,
      url: webhookEndpoints.url,
      secret: webhookEndpoints.secret,
      messageId: webhookEvents.messageId,
      kind: webhookEvents.kind,
      data: webhookEvents.data,
      at: webhookEvents.at,
    })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(eq(webhookDeliveries.id, id));
  if (!row) return null;
  const [made] = await db
    .select({ attempts: count(), firstAttemptAt: min(webhookAttempts.at) })
    .from(webhookAttempts)
    .where(eq(webhookAttempts.deliveryId, id));
  return { ...row, attempts: made?.attempts ?? 0, firstAttemptAt: made?.firstAttemptAt ?? null };
}

/**
 * Records an attempt and what it makes of the delivery: delivered, failed for good, or pending
 * until `nextAttemptAt`; the endpoint keeps it as its latest attempt.
 */
export async function recordAttempt(
  db: Database,
  delivery: { id: number; endpointId: number },
  attempt: {
    attempt: number;
    at: Date;
    statusCode: number | null;
    durationMs: number;
    excerpt: string;
    delivered: boolean;
  },
  outcome: { status: WebhookDeliveryStatus; nextAttemptAt: Date | null },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(webhookAttempts).values({
      deliveryId: delivery.id,
      attempt: attempt.attempt,
      at: attempt.at,
      statusCode: attempt.statusCode,
      durationMs: attempt.durationMs,
      excerpt: attempt.excerpt,
    });
    await tx
      .update(webhookDeliveries)
      .set({ status: outcome.status, nextAttemptAt: outcome.nextAttemptAt, leasedUntil: null })
      .where(eq(webhookDeliveries.id, delivery.id));
    await tx
      .update(webhookEndpoints)
      .set({
        lastAttemptAt: attempt.at,
        lastStatusCode: attempt.statusCode,
        lastDelivered: attempt.delivered,
      })
      .where(eq(webhookEndpoints.id, delivery.endpointId));
  });
}
