/**
 * The webhook outbox's SQL (issue 32 item 5): an event written with one delivery per active
 * endpoint of its site that takes its kind, in the caller's transaction, as one statement; and
 * old events no delivery waits for, deleted with their deliveries and attempts.
 */
import type { WebhookEventKind } from '@paddock/domain';
import { and, eq, lt, notExists, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { webhookDeliveries, webhookEvents } from '../db/schema.ts';

/**
 * Writes the event and its deliveries, or nothing when no active endpoint of the site takes the
 * kind: a site without webhooks pays one indexed read per event.
 */
export async function insertWebhookEvent(
  tx: Database,
  event: { siteId: number; kind: WebhookEventKind; data: Record<string, unknown>; at: Date },
): Promise<void> {
  const { siteId, kind, data, at } = event;
  await tx.execute(sql`
    with subscribed as (
      select id from webhook_endpoints
      where site_id = ${siteId} and active and ${kind}::text = any(events)
    ), event as (
      insert into webhook_events (site_id, kind, data, at)
      select ${siteId}::integer, ${kind}::text, ${JSON.stringify(data)}::jsonb, ${at}::timestamptz
      where exists (select 1 from subscribed)
      returning id
    )
    insert into webhook_deliveries (endpoint_id, event_id, next_attempt_at, created_at)
    select subscribed.id, event.id, ${at}::timestamptz, ${at}::timestamptz from subscribed, event`);
}

/** Deletes the events older than `before` that no delivery waits for; answers how many. */
export async function deleteOldWebhookEvents(db: Database, before: Date): Promise<number> {
  const waiting = db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(
      and(eq(webhookDeliveries.eventId, webhookEvents.id), eq(webhookDeliveries.status, 'pending')),
    );
  const deleted = await db
    .delete(webhookEvents)
    .where(and(lt(webhookEvents.at, before), notExists(waiting)))
    .returning({ id: webhookEvents.id });
  return deleted.length;
}
