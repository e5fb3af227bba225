/**
 * Radios (spec §7): GET areas/{id}/radios and radios?area={id}, GET/PUT radios/{id},
 * POST radios/{id}/ping and its requests GET radios/{id}/requests[/{requestId}].
 */
import {
  actionRequestSchema,
  areaQuerySchema,
  idParamSchema,
  radioSchema,
  radioUpdateBodySchema,
  requestParamSchema,
} from '@paddock/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authOf } from '../../http/context.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { createResponseCache, sendCachedJson } from '../../http/response-cache.ts';
import { requireObject } from '../../permissions/access.ts';
import { presentRequest } from '../../requests/request.presenter.ts';
import { createRequest, findRequest, latestRequests } from '../../requests/request.repository.ts';
import { presentRadio } from './radio.presenter.ts';
import {
  findRadio,
  isSectionOfSite,
  listRadiosOfArea,
  radiosOfAreaVersion,
  radioIdsOfSite,
  RADIO_REQUESTS_LIMIT,
  updateRadio,
} from './radio.repository.ts';
import { radioPingBodySchema } from './radio.schemas.ts';

const security = [{ bearer: [] }];

/** Radio lists kept written, one per area (see http/response-cache.ts). */
const RADIO_LISTS_KEPT = 1_000;

export async function radioRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  // The list is the same for everyone who may view the area, so it is kept per area.
  const radioLists = createResponseCache({ maxEntries: RADIO_LISTS_KEPT });
  const radiosOfArea = async (request: FastifyRequest, reply: FastifyReply, areaId: number) => {
    await requireObject(db, request, 'area', areaId, 'view');
    const cached = await radioLists.body(
      String(areaId),
      await radiosOfAreaVersion(db, areaId),
      async () => reply.serialize((await listRadiosOfArea(db, areaId)).map(presentRadio)),
    );
    return sendCachedJson(request, reply, cached);
  };

  app.get(
    '/areas/:id/radios',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['radios'],
        summary: 'The radios of an area',
        security,
        params: idParamSchema,
        response: { 200: radioSchema.array() },
      },
    },
    async (request, reply) => radiosOfArea(request, reply, request.params.id),
  );

  app.get(
    '/radios',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['radios'],
        summary: 'The radios of an area (same list as areas/{id}/radios)',
        security,
        querystring: areaQuerySchema,
        response: { 200: radioSchema.array() },
      },
    },
    async (request, reply) => radiosOfArea(request, reply, request.query.area),
  );

  app.get(
    '/radios/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['radios'],
        summary: 'One radio',
        security,
        params: idParamSchema,
        response: { 200: radioSchema },
      },
    },
    async (request) => {
      await requireObject(db, request, 'radio', request.params.id, 'view');
      const row = await findRadio(db, request.params.id);
      if (!row) throw notFound('Radio');
      return presentRadio(row);
    },
  );

  app.put(
    '/radios/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['radios'],
        summary: "Edit a radio's section, location, tags or config; returns the radio",
        description:
          "The section must lie on the radio's site; config.children must be other radios of " +
          'the same site.',
        security,
        params: idParamSchema,
        body: radioUpdateBodySchema,
        response: { 200: radioSchema },
      },
    },
    async (request) => {
      const id = request.params.id;
      const { siteId } = await requireObject(db, request, 'radio', id, 'edit');
      const body = request.body;
      if (body.section != null && !(await isSectionOfSite(db, body.section, siteId))) {
        throw badRequest('section', "Not a section of the radio's site");
      }
      if (body.config) {
        const children = body.config.children;
        const known = await radioIdsOfSite(db, children, siteId);
        const bad = children.findIndex((child) => child === id || !known.has(child));
        if (bad >= 0) {
          throw badRequest(`config.children.${bad}`, "Not another radio of the radio's site");
        }
      }
      const row = await updateRadio(db, id, body);
      if (!row) throw notFound('Radio');
      return presentRadio(row);
    },
  );

  app.post(
    '/radios/:id/ping',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['radios'],
        summary: 'Ask the radio to report now',
        description:
          'Records a ping request (status new) for the field link and answers 202 with it. With ' +
          'the requestId of an earlier ping of this radio, answers 200 with that request and ' +
          'pings nothing: a retried call never pings twice. Poll radios/{id}/requests/{requestId}.',
        security,
        params: idParamSchema,
        body: radioPingBodySchema,
        response: { 200: actionRequestSchema, 202: actionRequestSchema },
      },
    },
    async (request, reply) => {
      const id = request.params.id;
      const { siteId } = await requireObject(db, request, 'radio', id, 'control');
      const requestId = request.body?.requestId;
      if (requestId !== undefined) {
        const earlier = await findRequest(db, 'radio', id, requestId);
        if (!earlier || earlier.action !== 'ping') {
          throw badRequest('requestId', 'Not a ping of this radio');
        }
        return reply.code(200).send(presentRequest(earlier));
      }
      const row = await createRequest(db, {
        action: 'ping',
        type: 'radio',
        targetId: id,
        siteId,
        requestedBy: authOf(request).userId,
        now: app.ctx.clock.now(),
      });
      return reply.code(202).send(presentRequest(row));
    },
  );

  app.get(
    '/radios/:id/requests',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['radios'],
        summary: `The radio's requests (pings), newest first, at most ${RADIO_REQUESTS_LIMIT}`,
        security,
        params: idParamSchema,
        response: { 200: actionRequestSchema.array() },
      },
    },
    async (request) => {
      await requireObject(db, request, 'radio', request.params.id, 'view');
      const rows = await latestRequests(db, 'radio', request.params.id, RADIO_REQUESTS_LIMIT);
      return rows.map(presentRequest);
    },
  );

  app.get(
    '/radios/:id/requests/:requestId',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['radios'],
        summary: 'One request of the radio, polled until it is done',
        security,
        params: requestParamSchema,
        response: { 200: actionRequestSchema },
      },
    },
    async (request) => {
      const { id, requestId } = request.params;
      await requireObject(db, request, 'radio', id, 'view');
      const row = await findRequest(db, 'radio', id, requestId);
      if (!row) throw notFound('Request');
      return presentRequest(row);
    },
  );
}
