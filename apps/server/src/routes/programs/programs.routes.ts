/**
 * Programs (spec §7): GET programs?area={id}, PUT programs/{id} and the actions POST
 * programs/{id}/start|resume|pause|test. An action records a request for the field link and
 * answers 202 with its id; following a request up by its id answers 200 with its status.
 */
import {
  areaQuerySchema,
  idParamSchema,
  programActionBodySchema,
  programActionResponseSchema,
  programSchema,
  programUpdateBodySchema,
} from '@paddock/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from '../../http/context.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { requireObject } from '../../permissions/access.ts';
import { createRequest, findRequest } from '../../requests/request.repository.ts';
import { actionPayload, checkAction, PROGRAM_ACTIONS, resolveZones } from './program-action.ts';
import { applyProgramUpdate } from './program-update.ts';
import { presentProgram } from './program.presenter.ts';
import { areaParts, lockProgram, programsOfArea, updateProgram } from './program.repository.ts';

export async function programRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, clock } = app.ctx;

  app.get(
    '/programs',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['programs'],
        summary: "The area's program (one per area), as a list",
        security: [{ bearer: [] }],
        querystring: areaQuerySchema,
        response: { 200: z.array(programSchema) },
      },
    },
    async (request) => {
      await requireObject(db, request, 'area', request.query.area, 'view');
      return (await programsOfArea(db, request.query.area)).map(presentProgram);
    },
  );

  app.put(
    '/programs/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['programs'],
        summary: 'Saves any irrigation edit (§3 edit kinds): name, schedule and/or zones',
        description:
          'Ids are checked against the program\'s area. Control configs that change nothing are dropped (§4); each zone\'s banned flag is derived from the sequences; a zone keeps the run state the field reported. Allowed in any activity: a running program takes the change on "apply".',
        security: [{ bearer: [] }],
        params: idParamSchema,
        body: programUpdateBodySchema,
        response: { 200: programSchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      await requireObject(db, request, 'program', id, 'program');
      const row = await db.transaction(async (tx) => {
        const current = await lockProgram(tx, id);
        if (!current) throw notFound('Program');
        const area = await areaParts(tx, current.areaId);
        const next = applyProgramUpdate(current, request.body, area);
        return updateProgram(tx, id, { ...next, modifiedAt: clock.now() });
      });
      return presentProgram(row);
    },
  );

  for (const action of PROGRAM_ACTIONS) {
    app.post(
      `/programs/:id/${action}`,
      {
        onRequest: app.authenticate,
        schema: {
          tags: ['programs'],
          summary: `Asks the field to ${action} the program, or some of its zones`,
          description:
            'Records a request (202, status new) for the field link. Give requestId to follow an earlier request up: 200 with its status, and nothing is sent again. 409 when the program (or a named zone) cannot take the action now (§4).',
          security: [{ bearer: [] }],
          params: idParamSchema,
          // No body at all arrives as null: every field is optional, so none is needed.
          body: programActionBodySchema.nullish(),
          response: { 200: programActionResponseSchema, 202: programActionResponseSchema },
        },
      },
      async (request, reply) => {
        const { id } = request.params;
        const body = request.body ?? {};
        const { siteId } = await requireObject(db, request, 'program', id, 'program');

        // The same request id never actuates twice: a follow-up only reads the request.
        if (body.requestId !== undefined) {
          const earlier = await findRequest(db, 'program', id, body.requestId);
          if (!earlier) throw badRequest('requestId', 'not a request of this program');
          if (earlier.action !== action) {
            throw badRequest('requestId', `a ${earlier.action} request, not ${action}`);
          }
          return reply.code(200).send({ status: earlier.status, requestId: earlier.id });
        }

        const created = await db.transaction(async (tx) => {
          const program = await lockProgram(tx, id);
          if (!program) throw notFound('Program');
          const area = await areaParts(tx, program.areaId);
          const zones = body.zones ? resolveZones(body.zones, program.zones, area) : null;
          const now = clock.now();
          const pending = checkAction(action, program.status, zones, area, now);
          const row = await createRequest(tx, {
            action,
            type: 'program',
            targetId: id,
            siteId,
            requestedBy: authOf(request).userId,
            payload: actionPayload(body),
            now,
          });
          await updateProgram(tx, id, {
            status: {
              ...program.status,
              activity: pending ?? program.status.activity,
              requestActive: true,
              requestId: row.id,
            },
            modifiedAt: now,
          });
          return row;
        });
        return reply.code(202).send({ status: created.status, requestId: created.id });
      },
    );
  }
}
