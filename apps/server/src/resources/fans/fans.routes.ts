/**
 * Frost fans started and stopped from the console (issue 31): POST fans/{id}/start and
 * fans/{id}/stop record a request for the field link (202), or given requestId report that
 * request (200); GET fans/{id}/requests[/{requestId}] follow them up. Starting or stopping needs
 * the edit privilege on the fan's area; following up, view.
 */
import { FAN_REQUESTS_LIMIT, fanEndpoints, type FanCommandAction } from '@paddock/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { authOf } from '../../http/context.ts';
import { route } from '../../http/endpoint.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { requireObject } from '../../permissions/access.ts';
import { presentFanRequest, requestFanCommand } from '../../frost/fan-commands.ts';
import { fanRequestRow, fanRequestRows } from '../../frost/fan-command.repository.ts';

export async function fanRoutes(app: FastifyInstance) {
  const { db, clock } = app.ctx;

  async function command(
    request: FastifyRequest,
    reply: FastifyReply,
    fanId: number,
    action: FanCommandAction,
    body: { requestId?: number | undefined; override?: boolean | undefined },
  ) {
    const { siteId, areaId } = await requireObject(db, request, 'sensor', fanId, 'edit');
    if (body.requestId !== undefined) {
      const earlier = await fanRequestRow(db, fanId, body.requestId);
      if (!earlier) throw badRequest('requestId', 'not a request of this fan');
      return reply.code(200).send(presentFanRequest(earlier));
    }
    if (areaId === null) throw notFound('Fan');
    const created = await requestFanCommand(db, {
      fanId,
      areaId,
      siteId,
      action,
      override: body.override ?? false,
      userId: authOf(request).userId,
      now: clock.now(),
    });
    return reply.code(202).send(presentFanRequest(created));
  }

  route(app, fanEndpoints.startFan, (request, reply) =>
    command(request, reply, request.params.id, 'start', request.body ?? {}),
  );

  route(app, fanEndpoints.stopFan, (request, reply) =>
    command(request, reply, request.params.id, 'stop', request.body ?? {}),
  );

  route(app, fanEndpoints.listFanRequests, async (request) => {
    const { id } = request.params;
    await requireObject(db, request, 'sensor', id, 'view');
    return (await fanRequestRows(db, id, FAN_REQUESTS_LIMIT)).map(presentFanRequest);
  });

  route(app, fanEndpoints.getFanRequest, async (request) => {
    const { id, requestId } = request.params;
    await requireObject(db, request, 'sensor', id, 'view');
    const row = await fanRequestRow(db, id, requestId);
    if (!row) throw notFound('Request');
    return presentFanRequest(row);
  });
}
