/** Events (§7): an area's event log. */
import {
  eventDataSchema,
  eventFilterBodySchema,
  eventsAcknowledgeBodySchema,
  eventsAcknowledgedSchema,
} from '../entities/event.ts';
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
    // A read whose filter travels in a body: it changes nothing, so it writes no audit row (a
    // console polls it, and each call would otherwise read "recorded an event" on the record).
    audited: false,
    description:
      `At most ${EVENTS_LIMIT} events. The body is optional: from/to (inclusive), types, ` +
      'targets with targetType, open. stats.open counts every open event of the area, ' +
      'whatever the filter.',
    params: idParamSchema,
    // Fastify hands a missing body to the validator as null.
    body: eventFilterBodySchema.nullish(),
    responses: { 200: eventDataSchema },
  }),
  acknowledgeAreaEvents: defineEndpoint({
    method: 'POST',
    path: '/areas/:id/events/acknowledge',
    tag: 'events',
    summary: 'Acknowledges (closes) open events of the area: the given ids, or all (view)',
    description:
      'Records who and when on each event; ids of other areas or already closed are skipped. ' +
      'Returns how many were closed and the new stats.open.',
    params: idParamSchema,
    body: eventsAcknowledgeBodySchema,
    responses: { 200: eventsAcknowledgedSchema },
  }),
};
