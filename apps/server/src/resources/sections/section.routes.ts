/** GET sections?area={id} and PUT sections/{id} (spec §7). */
import { sectionEndpoints } from '@paddock/domain';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/endpoint.ts';
import { notFound } from '../../http/errors.ts';
import { noteBefore } from '../../http/touched.ts';
import { requireObject } from '../../permissions/access.ts';
import { presentSection } from './section.presenter.ts';
import { findSection, listSectionsOfArea, updateSection } from './section.repository.ts';

export async function sectionRoutes(app: FastifyInstance) {
  const { db } = app.ctx;

  route(app, sectionEndpoints.listSections, async (request) => {
    await requireObject(db, request, 'area', request.query.area, 'view');
    const rows = await listSectionsOfArea(db, request.query.area);
    return rows.map(presentSection);
  });

  route(app, sectionEndpoints.updateSection, async (request) => {
    await requireObject(db, request, 'section', request.params.id, 'edit');
    // Deleted between the check and the read or the update.
    const current = await findSection(db, request.params.id);
    if (!current) throw notFound('Section');
    noteBefore(request, presentSection(current));
    const row = await updateSection(db, request.params.id, request.body);
    if (!row) throw notFound('Section');
    return presentSection(row);
  });
}
