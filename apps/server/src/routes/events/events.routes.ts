/** POST areas/{id}/events (spec §7): the area's event log, optionally filtered, and stats.open. */
import { eventDataSchema, eventFilterBodySchema, idParamSchema } from '@paddock/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { badRequest } from '../../http/errors.ts';
import { requireObject } from '../../permissions/access.ts';
import { presentEvent } from './event.presenter.ts';
import { countOpenEvents, EVENTS_LIMIT, findEvents } from './events.repository.ts';

export async function eventRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  app.post(
    '/areas/:id/events',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['events'],
        summary: 'The events of an area, newest first, with the open count (view)',
        description:
          `At most ${EVENTS_LIMIT} events. The body is optional: from/to (inclusive), types, ` +
          'targets with targetType, open. stats.open counts every open event of the area, ' +
          'whatever the filter.',
        security: [{ bearer: [] }],
        params: idParamSchema,
        // Fastify hands a missing body to the validator as null.
        body: eventFilterBodySchema.nullish(),
        response: { 200: eventDataSchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      await requireObject(db, request, 'area', id, 'view');
      const filter = request.body ?? {};
      if (filter.from !== undefined && filter.to !== undefined) {
        if (new Date(filter.from) > new Date(filter.to)) {
          throw badRequest('to', 'Must not be before from');
        }
      }
      const [rows, open] = await Promise.all([findEvents(db, id, filter), countOpenEvents(db, id)]);
      return { events: rows.map(presentEvent), stats: { open } };
    },
  );
}
