/**
 * Where the server's parts tell the sites' webhooks what happened (issue 32 item 5): alarms
 * raised, acknowledged and cleared, program runs started, finished and skipped, zones shut off by
 * the flow supervisor, devices overdue and back, report files made. Each calls this once, in the
 * transaction that records what happened, so an event is sent exactly when it happened and never
 * when that rolled back. It only writes the outbox: the delivery job (delivery.ts) does the
 * sending, so a slow or failing endpoint never holds up ingest, alarms or the runner.
 */
import type { WebhookEventData, WebhookEventKind } from '@paddock/domain';
import type { Database } from '../db/client.ts';
import { insertWebhookEvent } from './outbox.repository.ts';

/** An event's data as its source has it: `at` as a Date. */
type SiteEvent<K extends WebhookEventKind> = Omit<WebhookEventData<K>, 'at'> & { at: Date };

export async function publishSiteEvent<K extends WebhookEventKind>(
  tx: Database,
  kind: K,
  event: SiteEvent<K>,
): Promise<void> {
  const data = { ...event, at: event.at.toISOString() };
  await insertWebhookEvent(tx, { siteId: event.site, kind, data, at: event.at });
}
