/**
 * SQL of a site's webhook endpoints (issue 32 items 5 and 7): the site's endpoints with how many
 * deliveries wait, one endpoint, its insert, update and delete, its deliveries newest first with
 * their events and attempts, and a delivery queued again.
 */
import { and, asc, count, desc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  webhookAttempts,
  webhookDeliveries,
  webhookEndpoints,
  webhookEvents,
} from '../../db/schema.ts';

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect & { pending: number };

/** How many of the endpoint's deliveries are still to go, as a column of its row. */
const pending = sql<number>`(select count(*) from ${webhookDeliveries}
  where ${webhookDeliveries.endpointId} = ${webhookEndpoints.id}
    and ${webhookDeliveries.status} = 'pending')`.mapWith(Number);

export async function listSiteWebhooks(
  db: Database,
  siteId: number,
): Promise<WebhookEndpointRow[]> {
  return db
    .select({ ...getTableColumns(webhookEndpoints), pending })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.siteId, siteId))
    .orderBy(asc(webhookEndpoints.id));
}

export async function findWebhook(db: Database, id: number): Promise<WebhookEndpointRow | null> {
  const [row] = await db
    .select({ ...getTableColumns(webhookEndpoints), pending })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.id, id));
  return row ?? null;
}

export async function countSiteWebhooks(db: Database, siteId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.siteId, siteId));
  return row?.n ?? 0;
}

type EndpointValues = Pick<typeof webhookEndpoints.$inferInsert, 'url' | 'events' | 'active'>;

export async function insertWebhook(
  db: Database,
  values: EndpointValues & { siteId: number; secret: string; now: Date },
): Promise<number> {
  const { now, ...rest } = values;
  const [row] = await db
    .insert(webhookEndpoints)
    .values({ ...rest, createdAt: now, modifiedAt: now })
    .returning({ id: webhookEndpoints.id });
  if (!row) throw new Error('webhook insert returned nothing');
  return row.id;
}

/** False when the endpoint is gone. */
export async function updateWebhook(
  db: Database,
  id: number,
  values: EndpointValues & { now: Date },
): Promise<boolean> {
  const { now, ...rest } = values;
  const updated = await db
    .update(webhookEndpoints)
    .set({ ...rest, modifiedAt: now })
    .where(eq(webhookEndpoints.id, id))
    .returning({ id: webhookEndpoints.id });
  return updated.length > 0;
}

/** Deletes the endpoint with its deliveries and their attempts; false when it was gone. */
export async function deleteWebhook(db: Database, id: number): Promise<boolean> {
  const deleted = await db
    .delete(webhookEndpoints)
    .where(eq(webhookEndpoints.id, id))
    .returning({ id: webhookEndpoints.id });
  return deleted.length > 0;
}

const deliveryColumns = {
  id: webhookDeliveries.id,
  status: webhookDeliveries.status,
  nextAttemptAt: webhookDeliveries.nextAttemptAt,
  createdAt: webhookDeliveries.createdAt,
  messageId: webhookEvents.messageId,
  kind: webhookEvents.kind,
  at: webhookEvents.at,
};

type WebhookAttemptRow = typeof webhookAttempts.$inferSelect;
export type WebhookDeliveryRow = {
  id: number;
  status: (typeof webhookDeliveries.$inferSelect)['status'];
  nextAttemptAt: Date | null;
  createdAt: Date;
  messageId: string;
  kind: (typeof webhookEvents.$inferSelect)['kind'];
  at: Date;
  attempts: WebhookAttemptRow[];
};

/** Deliveries of the endpoint, newest first, `limit` of them, or the one named. */
export async function listDeliveries(
  db: Database,
  endpointId: number,
  which: { limit: number } | { id: number },
): Promise<WebhookDeliveryRow[]> {
  const query = db
    .select(deliveryColumns)
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId));
  const rows =
    'id' in which
      ? await query.where(
          and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.id, which.id)),
        )
      : await query
          .where(eq(webhookDeliveries.endpointId, endpointId))
          .orderBy(desc(webhookDeliveries.id))
          .limit(which.limit);
  if (rows.length === 0) return [];
  const attempts = await db
    .select()
    .from(webhookAttempts)
    .where(
      inArray(
        webhookAttempts.deliveryId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(desc(webhookAttempts.attempt));
  return rows.map((row) => ({
    ...row,
    attempts: attempts.filter((attempt) => attempt.deliveryId === row.id),
  }));
}

/**
 * Queues the delivery's event to the endpoint again, as a new delivery behind those waiting;
 * its id, or null when the delivery is not one of the endpoint's.
 */
export async function queueDeliveryAgain(
  db: Database,
  endpointId: number,
  deliveryId: number,
  now: Date,
): Promise<number | null> {
  const [earlier] = await db
    .select({ eventId: webhookDeliveries.eventId })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, endpointId)));
  if (!earlier) return null;
  const [row] = await db
    .insert(webhookDeliveries)
    .values({ endpointId, eventId: earlier.eventId, nextAttemptAt: now, createdAt: now })
    .returning({ id: webhookDeliveries.id });
  return row?.id ?? null;
}
