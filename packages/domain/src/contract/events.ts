/** Events (§7): an area's event log. */
import { eventDataSchema, eventFilterBodySchema } from '../entities/event.ts';
import { idParamSchema } from '../entities/params.ts';
import { defineEndpoint } from './endpoint.ts';

/** Decision: at most this many events per call, the newest; the filter narrows older ones in. */
export const EVENTS_LIMIT = 200;

export const eventEndpoints = {
  listAreaEvents: defineEndpoint({
    method: 'POST',
    path: '/areas/:id/events',
    tag: 'events',
    summary: 'The events of an area, newest first, with the open count (view)',
    description:
      `At most ${EVENTS_LIMIT} events. The body is optional: from/to (inclusive), types, ` +
      'targets with targetType, open. stats.open counts every open event of the area, ' +
      'whatever the filter.',
    params: idParamSchema,
    // Fastify hands a missing body to the validator as null.
    body: eventFilterBodySchema.nullish(),
    responses: { 200: eventDataSchema },
  }),
};
