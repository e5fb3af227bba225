/** GET sections?area={id} and PUT sections/{id} (spec §7). */
import {
  areaQuerySchema,
  idParamSchema,
  sectionSchema,
  sectionUpdateBodySchema,
} from '@paddock/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notFound } from '../../http/errors.ts';
import { requireObject } from '../../permissions/access.ts';
import { presentSection } from './section.presenter.ts';
import { listSectionsOfArea, updateSection } from './section.repository.ts';

export async function sectionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  app.get(
    '/sections',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['sections'],
        summary: 'The sections (zones) of an area, ordered by number',
        security: [{ bearer: [] }],
        querystring: areaQuerySchema,
        response: { 200: sectionSchema.array() },
      },
    },
    async (request) => {
      await requireObject(db, request, 'area', request.query.area, 'view');
      const rows = await listSectionsOfArea(db, request.query.area);
      return rows.map(presentSection);
    },
  );

  app.put(
    '/sections/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['sections'],
        summary: "Edit a section's label, outline or location; returns the section",
        security: [{ bearer: [] }],
        params: idParamSchema,
        body: sectionUpdateBodySchema,
        response: { 200: sectionSchema },
      },
    },
    async (request) => {
      await requireObject(db, request, 'section', request.params.id, 'edit');
      const row = await updateSection(db, request.params.id, request.body);
      // Deleted between the check and the update.
      if (!row) throw notFound('Section');
      return presentSection(row);
    },
  );
}
