/**
 * Controls (spec §7): GET controls?area={id}, GET controls/{id} and POST controls/{id}/test, which
 * records a test request for the field link (202) or, given requestId, reports that request (200).
 */
import { controlEndpoints, isFinalRequestStatus } from '@paddock/domain';
import type { FastifyInstance } from 'fastify';
import { requestControlTest } from './request-control-test.ts';
import { authOf } from '../../http/context.ts';
import { route } from '../../http/endpoint.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { requireObject } from '../../permissions/access.ts';
import { presentRequest } from '../../requests/request.presenter.ts';
import { findRequest, requestWaitsForDevice } from '../../requests/request.repository.ts';
import { presentControl } from './control.presenter.ts';
import { controlsOfArea, findControl } from './control.repository.ts';

export async function controlRoutes(app: FastifyInstance) {
  const { db, clock } = app.ctx;

  route(app, controlEndpoints.listControls, async (request) => {
    await requireObject(db, request, 'area', request.query.area, 'view');
    return (await controlsOfArea(db, request.query.area)).map(presentControl);
  });

  route(app, controlEndpoints.getControl, async (request) => {
    const { id } = request.params;
    await requireObject(db, request, 'control', id, 'view');
    const row = await findControl(db, id);
    if (!row) throw notFound('Control');
    return presentControl(row);
  });

  route(app, controlEndpoints.testControl, async (request, reply) => {
    const { id } = request.params;
    const body = request.body ?? {};
    const { siteId } = await requireObject(db, request, 'control', id, 'control');

    if (body.requestId !== undefined) {
      const earlier = await findRequest(db, 'control', id, body.requestId);
      if (!earlier) throw badRequest('requestId', 'not a request of this control');
      // A valve on a LoRaWAN radio answers after the device's next uplink: the console says so.
      // An ended request waits for nothing, though the close after a test may still be going down.
      const waiting =
        !isFinalRequestStatus(earlier.status) && (await requestWaitsForDevice(db, earlier.id));
      return reply.code(200).send(presentRequest(earlier, waiting));
    }

    const created = await requestControlTest(db, {
      controlId: id,
      siteId,
      requestedBy: authOf(request).userId,
      now: clock.now(),
    });
    // Just recorded: nothing has gone to the field yet, so nothing waits for a device.
    return reply.code(202).send(presentRequest(created, false));
  });
}
