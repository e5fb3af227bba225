/**
 * Webhooks out (issue 32 items 5 and 7): a site's endpoints, each subscribed to kinds of event
 * (webhooks/events.ts) and signed by the Standard Webhooks convention with its own secret, and
 * each endpoint's deliveries with every attempt. GET/POST sites/{id}/webhooks, PUT/DELETE
 * webhooks/{id}, GET webhooks/{id}/deliveries and POST webhooks/{id}/deliveries/{deliveryId}/resend;
 * every call needs the admin role on the site, since an endpoint's URL may itself be a secret
 * (a chat's incoming-webhook URL) and it sends the site's events out of the product.
 */
import { z } from 'zod';
import { idParamSchema, idParamsSchema } from '../entities/params.ts';
import { idSchema, isoDateTimeSchema, isStorableText } from '../entities/primitives.ts';
import { webhookDeliveryStatusSchema } from '../webhooks/delivery.ts';
import { WEBHOOK_EVENT_KINDS, webhookEventKindSchema } from '../webhooks/events.ts';
import { WEBHOOK_SECRET_PREFIX } from '../webhooks/signature.ts';
import { defineEndpoint } from './endpoint.ts';

/** Ours: longer than any receiver's URL we know of (chat webhooks are under 200). */
const WEBHOOK_URL_MAX_LENGTH = 2000;
/** Ours: endpoints a site may have; each is delivered to on its own, so they are kept few. */
export const MAX_WEBHOOKS_PER_SITE = 10;
/** Deliveries GET webhooks/{id}/deliveries answers, newest first, unless `limit` says fewer. */
export const WEBHOOK_DELIVERIES_LIMIT = 50;

/** An http(s) URL the server can POST to. */
const webhookUrlSchema = z
  .url({ protocol: /^https?$/, error: 'Must be an http or https URL' })
  .max(WEBHOOK_URL_MAX_LENGTH)
  .refine(isStorableText, 'Contains a NUL character or a lone surrogate');

/** POST sites/{id}/webhooks and PUT webhooks/{id}: the whole endpoint. */
export const webhookBodySchema = z.strictObject({
  url: webhookUrlSchema,
  /** The kinds it is sent, each once. */
  events: z
    .array(webhookEventKindSchema)
    .min(1)
    .max(WEBHOOK_EVENT_KINDS.length)
    .refine((kinds) => new Set(kinds).size === kinds.length, 'Each kind once'),
  active: z.boolean(),
});
export type WebhookBody = z.input<typeof webhookBodySchema>;

/** An endpoint as shown: never its secret, which only the create answer carries. */
const webhookSchema = z.object({
  id: idSchema,
  site: idSchema,
  url: z.string(),
  events: z.array(webhookEventKindSchema),
  active: z.boolean(),
  created: isoDateTimeSchema,
  modified: isoDateTimeSchema,
  /** Deliveries still to go; more than one means the oldest is being retried. */
  pending: z.number().int().nonnegative(),
  /** The latest attempt, delivered or not; null before the first. */
  lastAttempt: z
    .object({
      at: isoDateTimeSchema,
      statusCode: z.number().int().nullable(),
      delivered: z.boolean(),
    })
    .nullable(),
});
export type WebhookEndpoint = z.infer<typeof webhookSchema>;

/** The create answer: the endpoint and its secret, shown this once. */
const webhookCreatedSchema = webhookSchema.extend({
  secret: z.string().startsWith(WEBHOOK_SECRET_PREFIX),
});
export type WebhookCreated = z.infer<typeof webhookCreatedSchema>;

const webhookAttemptSchema = z.object({
  /** 1 for the first attempt of the delivery. */
  attempt: z.number().int().positive(),
  at: isoDateTimeSchema,
  /** The receiver's HTTP status; null when it did not answer (refused, timed out). */
  statusCode: z.number().int().nullable(),
  durationMs: z.number().int().nonnegative(),
  /** The start of the receiver's answer, or why there was none. */
  excerpt: z.string(),
});

/** One event on its way to one endpoint, with every attempt, newest first. */
const webhookDeliverySchema = z.object({
  id: idSchema,
  event: z.object({
    /** The `webhook-id` header: the same on every attempt and on a re-send. */
    id: z.string(),
    type: webhookEventKindSchema,
    timestamp: isoDateTimeSchema,
  }),
  status: webhookDeliveryStatusSchema,
  created: isoDateTimeSchema,
  /** When a pending delivery is tried next; null once delivered or failed. */
  nextAttemptAt: isoDateTimeSchema.nullable(),
  attempts: z.array(webhookAttemptSchema),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

const deliveriesQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(WEBHOOK_DELIVERIES_LIMIT).optional(),
});

export const webhookEndpoints = {
  listSiteWebhooks: defineEndpoint({
    method: 'GET',
    path: '/sites/:id/webhooks',
    tag: 'webhooks',
    summary: "The site's webhook endpoints (admin)",
    params: idParamSchema,
    responses: { 200: z.array(webhookSchema) },
  }),
  createSiteWebhook: defineEndpoint({
    method: 'POST',
    path: '/sites/:id/webhooks',
    tag: 'webhooks',
    summary: 'Adds a webhook endpoint to the site (admin); the answer carries its secret, once',
    description:
      'The secret ("whsec_" + base64) signs every request by the Standard Webhooks convention ' +
      '(webhook-id, webhook-timestamp, webhook-signature); it is never shown again. 409 when ' +
      `the site has ${MAX_WEBHOOKS_PER_SITE} endpoints.`,
    params: idParamSchema,
    body: webhookBodySchema,
    responses: { 201: webhookCreatedSchema },
  }),
  updateWebhook: defineEndpoint({
    method: 'PUT',
    path: '/webhooks/:id',
    tag: 'webhooks',
    summary: "Changes a webhook endpoint's URL, event kinds or active flag (admin)",
    description:
      'An endpoint turned inactive is sent nothing more, and its pending deliveries wait until ' +
      'it is active again; events meanwhile are not kept for it.',
    params: idParamSchema,
    body: webhookBodySchema,
    responses: { 200: webhookSchema },
  }),
  deleteWebhook: defineEndpoint({
    method: 'DELETE',
    path: '/webhooks/:id',
    tag: 'webhooks',
    summary: 'Deletes a webhook endpoint with its deliveries (admin)',
    params: idParamSchema,
    responses: { 204: z.null().describe('Deleted') },
  }),
  listWebhookDeliveries: defineEndpoint({
    method: 'GET',
    path: '/webhooks/:id/deliveries',
    tag: 'webhooks',
    summary: "The endpoint's deliveries, newest first, with every attempt (admin)",
    params: idParamSchema,
    query: deliveriesQuerySchema,
    responses: { 200: z.array(webhookDeliverySchema) },
  }),
  resendWebhookDelivery: defineEndpoint({
    method: 'POST',
    path: '/webhooks/:id/deliveries/:deliveryId/resend',
    tag: 'webhooks',
    summary: "Sends a delivery's event to the endpoint again, after those waiting (admin)",
    description:
      'A new delivery of the same event (same webhook-id), queued behind the pending ones; the ' +
      'old one keeps its attempts.',
    params: idParamsSchema('id', 'deliveryId'),
    responses: { 201: webhookDeliverySchema },
  }),
};
