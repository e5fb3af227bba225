/** Radios (§7): an area's radios, one radio, its edit, its ping and its requests. */
import { z } from 'zod';
import { areaQuerySchema, idParamSchema, requestParamSchema } from '../entities/params.ts';
import { requestIdSchema } from '../entities/primitives.ts';
import { radioSchema, radioUpdateBodySchema } from '../entities/radio.ts';
import { actionRequestSchema } from '../entities/request.ts';
import { defineEndpoint } from './endpoint.ts';

/** Decision: GET radios/{id}/requests answers this many requests at most, the newest. */
export const RADIO_REQUESTS_LIMIT = 50;

/**
 * POST radios/{id}/ping body (§7 gives none). Decision: like a control test, an optional
 * requestId of an earlier ping, so a retried call returns that ping instead of pinging again.
 */
export const radioPingBodySchema = z
  .strictObject({ requestId: requestIdSchema.optional() })
  // A ping may be sent without any body, which Fastify hands over as null.
  .nullish();
export type RadioPingBody = z.infer<typeof radioPingBodySchema>;

export const radioEndpoints = {
  listAreaRadios: defineEndpoint({
    method: 'GET',
    path: '/areas/:id/radios',
    tag: 'radios',
    summary: 'The radios of an area',
    params: idParamSchema,
    responses: { 200: radioSchema.array() },
  }),
  listRadios: defineEndpoint({
    method: 'GET',
    path: '/radios',
    tag: 'radios',
    summary: 'The radios of an area (same list as areas/{id}/radios)',
    query: areaQuerySchema,
    responses: { 200: radioSchema.array() },
  }),
  getRadio: defineEndpoint({
    method: 'GET',
    path: '/radios/:id',
    tag: 'radios',
    summary: 'One radio',
    params: idParamSchema,
    responses: { 200: radioSchema },
  }),
  updateRadio: defineEndpoint({
    method: 'PUT',
    path: '/radios/:id',
    tag: 'radios',
    summary:
      "Edit a radio's section, location, tags, config or reporting interval; returns the radio",
    description:
      "The section must lie on the radio's site; config.children must be other radios of " +
      'the same site. Section, location, tags and config need the edit privilege; ' +
      'reportIntervalSeconds needs install (the radio is told its new interval within one ' +
      'overdue sweep).',
    params: idParamSchema,
    body: radioUpdateBodySchema,
    responses: { 200: radioSchema },
  }),
  pingRadio: defineEndpoint({
    method: 'POST',
    path: '/radios/:id/ping',
    tag: 'radios',
    summary: 'Ask the radio to report now',
    description:
      'Records a ping request (status new) for the field link and answers 202 with it. With ' +
      'the requestId of an earlier ping of this radio, answers 200 with that request and ' +
      'pings nothing: a retried call never pings twice. Poll radios/{id}/requests/{requestId}.',
    params: idParamSchema,
    body: radioPingBodySchema,
    responses: { 200: actionRequestSchema, 202: actionRequestSchema },
  }),
  listRadioRequests: defineEndpoint({
    method: 'GET',
    path: '/radios/:id/requests',
    tag: 'radios',
    summary: `The radio's requests (pings), newest first, at most ${RADIO_REQUESTS_LIMIT}`,
    params: idParamSchema,
    responses: { 200: actionRequestSchema.array() },
  }),
  getRadioRequest: defineEndpoint({
    method: 'GET',
    path: '/radios/:id/requests/:requestId',
    tag: 'radios',
    summary: 'One request of the radio, polled until it is done',
    params: requestParamSchema,
    responses: { 200: actionRequestSchema },
  }),
};
