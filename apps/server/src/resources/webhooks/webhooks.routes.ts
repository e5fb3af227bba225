/**
 * A site's webhooks (issue 32 items 5 and 7): GET/POST sites/{id}/webhooks, PUT/DELETE
 * webhooks/{id}, GET webhooks/{id}/deliveries and POST webhooks/{id}/deliveries/{deliveryId}/resend.
 * Every call needs the admin role on the site (§6 top role), reading too: an endpoint's URL can be
 * a secret of its own (a chat's incoming-webhook URL), and its deliveries hold the receiver's
 * answers. An unknown site or endpoint is 404; another site's, 403, as for every site's thing.
 */
import {
  effectiveRole,
  MAX_WEBHOOKS_PER_SITE,
  refuse,
  TOP_ROLE,
  WEBHOOK_DELIVERIES_LIMIT,
  WEBHOOK_SECRET_BYTES,
  webhookEndpoints,
  webhookSecretOf,
} from '@paddock/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/client.ts';
import { route } from '../../http/endpoint.ts';
import { noteBefore, noteSubject } from '../../http/touched.ts';
import { areaPrivileges } from '../../permissions/access.ts';
import { requireKnownSite } from '../sites/site-access.ts';
import { presentDelivery, presentWebhook } from './webhook.presenter.ts';
import {
  countSiteWebhooks,
  deleteWebhook,
  findWebhook,
  insertWebhook,
  listDeliveries,
  listSiteWebhooks,
  queueDeliveryAgain,
  updateWebhook,
} from './webhooks.repository.ts';

async function requireSiteAdmin(db: Database, request: FastifyRequest, siteId: number) {
  const access = await requireKnownSite(db, request, siteId, 'view');
  if (effectiveRole(areaPrivileges(access, null)) !== TOP_ROLE) {
    throw refuse.forbidden('Requires the admin role on this site');
  }
}

export async function webhookRoutes(app: FastifyInstance) {
  const { db, clock } = app.ctx;

  /** The endpoint, once the caller is known to be an admin of its site. */
  async function adminsWebhook(request: FastifyRequest, id: number) {
    const row = await findWebhook(db, id);
    if (!row) throw refuse.notFound('Webhook');
    await requireSiteAdmin(db, request, row.siteId);
    // The audit row is about the endpoint, not the site the check resolved.
    noteSubject(request, { kind: 'webhook', id: row.id, label: row.url });
    return row;
  }

  async function presented(id: number) {
    const row = await findWebhook(db, id);
    // Deleted between the write and the read.
    if (!row) throw refuse.notFound('Webhook');
    return presentWebhook(row);
  }

  route(app, webhookEndpoints.listSiteWebhooks, async (request) => {
    await requireSiteAdmin(db, request, request.params.id);
    return (await listSiteWebhooks(db, request.params.id)).map(presentWebhook);
  });

  route(app, webhookEndpoints.createSiteWebhook, async (request, reply) => {
    const siteId = request.params.id;
    await requireSiteAdmin(db, request, siteId);
    if ((await countSiteWebhooks(db, siteId)) >= MAX_WEBHOOKS_PER_SITE) {
      throw refuse.conflict(`A site has at most ${MAX_WEBHOOKS_PER_SITE} webhook endpoints`);
    }
    const secret = webhookSecretOf(randomBytes(WEBHOOK_SECRET_BYTES).toString('base64'));
    const id = await insertWebhook(db, { ...request.body, siteId, secret, now: clock.now() });
    return reply.code(201).send({ ...(await presented(id)), secret });
  });

  route(app, webhookEndpoints.updateWebhook, async (request) => {
    const { id } = request.params;
    // Presented, so without its secret.
    noteBefore(request, presentWebhook(await adminsWebhook(request, id)));
    if (!(await updateWebhook(db, id, { ...request.body, now: clock.now() }))) {
      throw refuse.notFound('Webhook');
    }
    return presented(id);
  });

  route(app, webhookEndpoints.deleteWebhook, async (request, reply) => {
    const { id } = request.params;
    noteBefore(request, presentWebhook(await adminsWebhook(request, id)));
    if (!(await deleteWebhook(db, id))) throw refuse.notFound('Webhook');
    return reply.code(204).send(null);
  });

  route(app, webhookEndpoints.listWebhookDeliveries, async (request) => {
    const { id } = request.params;
    await adminsWebhook(request, id);
    const limit = request.query.limit ?? WEBHOOK_DELIVERIES_LIMIT;
    return (await listDeliveries(db, id, { limit })).map(presentDelivery);
  });

  route(app, webhookEndpoints.resendWebhookDelivery, async (request, reply) => {
    const { id, deliveryId } = request.params;
    await adminsWebhook(request, id);
    const queued = await queueDeliveryAgain(db, id, deliveryId, clock.now());
    if (queued === null) throw refuse.notFound('Delivery');
    const [delivery] = await listDeliveries(db, id, { id: queued });
    if (!delivery) throw refuse.notFound('Delivery');
    return reply.code(201).send(presentDelivery(delivery));
  });
}
