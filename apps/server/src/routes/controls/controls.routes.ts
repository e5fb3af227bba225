/**
 * Controls (spec §7): GET controls?area={id}, GET controls/{id} and POST controls/{id}/test, which
 * records a test request for the field link (202) or, given requestId, reports that request (200).
 */
import {
  actionRequestSchema,
  areaQuerySchema,
  controlSchema,
  controlTestBodySchema,
  idParamSchema,
} from '@paddock/domain';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { controls } from '../../db/schema.ts';
import { authOf } from '../../http/context.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { requireObject } from '../../permissions/access.ts';
import { presentRequest } from '../../requests/request.presenter.ts';
import { createRequest, findOpenRequest, findRequest } from '../../requests/request.repository.ts';
import { presentControl } from './control.presenter.ts';

export async function controlRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, clock } = app.ctx;

  app.get(
    '/controls',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['controls'],
        summary: "The area's controls: valves, pumps, add-on valves and pivots",
        security: [{ bearer: [] }],
        querystring: areaQuerySchema,
        response: { 200: z.array(controlSchema) },
      },
    },
    async (request) => {
      await requireObject(db, request, 'area', request.query.area, 'view');
      const rows = await db
        .select()
        .from(controls)
        .where(eq(controls.areaId, request.query.area))
        .orderBy(asc(controls.number), asc(controls.id));
      return rows.map(presentControl);
    },
  );

  app.get(
    '/controls/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['controls'],
        summary: 'One control',
        security: [{ bearer: [] }],
        params: idParamSchema,
        response: { 200: controlSchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      await requireObject(db, request, 'control', id, 'view');
      const [row] = await db.select().from(controls).where(eq(controls.id, id));
      if (!row) throw notFound('Control');
      return presentControl(row);
    },
  );

  app.post(
    '/controls/:id/test',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['controls'],
        summary: 'Asks the field to test the control',
        description:
          'Records a test request (202, status new). Give requestId to follow it up (the console polls every 30 s): 200 with the request, and nothing is sent again. 409 while an earlier test of the control is still open.',
        security: [{ bearer: [] }],
        params: idParamSchema,
        // No body at all arrives as null: the request id is optional, so none is needed.
        body: controlTestBodySchema.nullish(),
        response: { 200: actionRequestSchema, 202: actionRequestSchema },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const body = request.body ?? {};
      const { siteId } = await requireObject(db, request, 'control', id, 'control');

      if (body.requestId !== undefined) {
        const earlier = await findRequest(db, 'control', id, body.requestId);
        if (!earlier) throw badRequest('requestId', 'not a request of this control');
        return reply.code(200).send(presentRequest(earlier));
      }

      const created = await db.transaction(async (tx) => {
        // Serialises tests of one control, so a double click cannot send two.
        await tx
          .select({ id: controls.id })
          .from(controls)
          .where(eq(controls.id, id))
          .for('update');
        // A test never overtakes another (the domain's mayOvertake): one at a time per control.
        const open = await findOpenRequest(tx, 'control', id, 'test');
        if (open) {
          throw conflict(`Control test request ${open.id} is still being carried out`);
        }
        return createRequest(tx, {
          action: 'test',
          type: 'control',
          targetId: id,
          siteId,
          requestedBy: authOf(request).userId,
          now: clock.now(),
        });
      });
      return reply.code(202).send(presentRequest(created));
    },
  );
}
