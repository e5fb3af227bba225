/** POST areas/{id}/events (spec §7): the area's event log, optionally filtered, and stats.open. */
import { eventEndpoints } from '@paddock/domain';
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../../http/errors.ts';
import { route } from '../../http/endpoint.ts';
import { requireObject } from '../../permissions/access.ts';
import { authOf } from '../../http/context.ts';
import { acknowledgeEvents } from './events.repository.ts';
import { callerName } from '../notifications/caller-name.ts';
import { presentEvent } from './event.presenter.ts';
import { countOpenEvents, findEvents } from './events.repository.ts';

export async function eventRoutes(app: FastifyInstance) {
  const { db } = app.ctx;

  route(app, eventEndpoints.listAreaEvents, async (request) => {
    const { id } = request.params;
    const filter = request.body ?? {};
    if (filter.from !== undefined && filter.to !== undefined) {
      if (new Date(filter.from) > new Date(filter.to)) {
        throw badRequest('to', 'Must not be before from');
      }
    }
    // The events are read alongside the access check (one round trip, not two); nothing read
    // goes out unless the check passes. The console polls this list on every area page.
    const [, { rows, open }] = await Promise.all([
      requireObject(db, request, 'area', id, 'view'),
      findEvents(db, id, filter),
    ]);
    return { events: rows.map(presentEvent), stats: { open } };
  });

  route(app, eventEndpoints.acknowledgeAreaEvents, async (request) => {
    const { id } = request.params;
    await requireObject(db, request, 'area', id, 'view');
    const by = await callerName(db, authOf(request).userId);
    const acknowledged = await acknowledgeEvents(db, id, request.body.ids ?? 'all', {
      by,
      at: app.ctx.clock.now(),
    });
    return { acknowledged, stats: { open: await countOpenEvents(db, id) } };
  });
}
