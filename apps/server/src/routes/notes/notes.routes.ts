/**
 * Notes of an area (§3 Note). The spec does not show their calls ("Paths for notes: not shown");
 * ours are GET areas/{id}/notes (view) and POST areas/{id}/notes (edit).
 */
import { idParamSchema, noteCreateBodySchema, noteSchema } from '@paddock/domain';
import { asc, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notes } from '../../db/schema.ts';
import { authOf } from '../../http/context.ts';
import { badRequest } from '../../http/errors.ts';
import { requireObject } from '../../permissions/access.ts';
import { isThingOfArea } from '../alarms/area-things.repository.ts';
import { presentNote } from './note.presenter.ts';

const security = [{ bearer: [] }];
const tags = ['notes'];

export async function noteRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, clock } = app.ctx;

  app.get(
    '/areas/:id/notes',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'The notes of an area, newest first (view)',
        security,
        params: idParamSchema,
        response: { 200: z.array(noteSchema) },
      },
    },
    async (request) => {
      const { id } = request.params;
      await requireObject(db, request, 'area', id, 'view');
      const rows = await db
        .select()
        .from(notes)
        .where(eq(notes.areaId, id))
        // Newest first overall is also newest first per target (§3).
        .orderBy(desc(notes.createdAt), desc(notes.id), asc(notes.targetId));
      return rows.map(presentNote);
    },
  );

  app.post(
    '/areas/:id/notes',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Leaves a note on the area or one of its things (edit)',
        description:
          'Without target and targetType the note is on the area itself; with them, target must ' +
          'be a thing of the area of that type.',
        security,
        params: idParamSchema,
        body: noteCreateBodySchema,
        response: { 201: noteSchema },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { siteId } = await requireObject(db, request, 'area', id, 'edit');
      const body = request.body;
      const text = body.text.trim();
      if (text === '') throw badRequest('text', 'Must not be blank');
      if ((body.target === undefined) !== (body.targetType === undefined)) {
        throw badRequest(
          body.target === undefined ? 'target' : 'targetType',
          'Give target and targetType together, or neither for a note on the area',
        );
      }
      const targetType = body.targetType ?? 'area';
      const targetId = body.target ?? id;
      if (!(await isThingOfArea(db, { id, siteId }, targetType, targetId))) {
        throw badRequest('target', `Not a ${targetType} of this area`);
      }
      const [row] = await db
        .insert(notes)
        .values({
          areaId: id,
          targetType,
          targetId,
          text,
          createdBy: authOf(request).userId,
          createdAt: clock.now(),
        })
        .returning();
      if (!row) throw new Error('note insert returned nothing');
      return reply.code(201).send(presentNote(row));
    },
  );
}
