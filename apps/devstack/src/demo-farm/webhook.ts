/**
 * The demo's webhook (issue 32 item 5): Te Awa Vineyard's events go to the devstack's local
 * receiver, so after `npm start` the Users page's Webhooks card shows deliveries going out, and
 * GET /standin/webhooks on the receiver shows them arriving, signed. The receiver may listen on
 * another port at the next start (a free one by default), so every start points the demo's
 * endpoint (its path ends in /webhooks/demo) at this start's receiver. It is added when the farm
 * is seeded; one a person has deleted stays deleted.
 */
import { WEBHOOK_EVENT_KINDS, WEBHOOK_SECRET_BYTES, webhookSecretOf } from '@paddock/domain';
import { schema as t, type Database } from '@paddock/server';
import { and, eq, like } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';

const DEMO_WEBHOOK_SITE = 'Te Awa Vineyard';
const DEMO_WEBHOOK_PATH = '/demo';

export async function pointDemoWebhook(
  db: Database,
  receiverUrl: string,
  options: { seeded: boolean; now: Date },
): Promise<void> {
  const url = `${receiverUrl}${DEMO_WEBHOOK_PATH}`;
  const [site] = await db
    .select({ id: t.sites.id })
    .from(t.sites)
    .where(eq(t.sites.label, DEMO_WEBHOOK_SITE));
  if (!site) return;
  const moved = await db
    .update(t.webhookEndpoints)
    .set({ url })
    .where(
      and(
        eq(t.webhookEndpoints.siteId, site.id),
        like(t.webhookEndpoints.url, `%/webhooks${DEMO_WEBHOOK_PATH}`),
      ),
    )
    .returning({ id: t.webhookEndpoints.id });
  if (moved.length > 0 || !options.seeded) return;
  await db.insert(t.webhookEndpoints).values({
    siteId: site.id,
    url,
    events: [...WEBHOOK_EVENT_KINDS],
    active: true,
    secret: webhookSecretOf(randomBytes(WEBHOOK_SECRET_BYTES).toString('base64')),
    createdAt: options.now,
    modifiedAt: options.now,
  });
}
