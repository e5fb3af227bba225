/** GET areas/{id}?withoutSections=true and PUT areas/{id} (spec §7). */
import {
  areaAlarmsActiveBodySchema,
  areaEndpoints,
  areaRenameBodySchema,
  areaSnoozeBodySchema,
} from '@paddock/domain';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import { route } from '../../http/endpoint.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { noteBefore } from '../../http/touched.ts';
import { requireObject } from '../../permissions/access.ts';
import { presentSection } from '../sections/section.presenter.ts';
import { listSectionsOfArea } from '../sections/section.repository.ts';
import { presentArea } from './area.presenter.ts';
import { findArea, updateArea } from './area.repository.ts';

const ONE_FORM = 'Give exactly one form: {label}, {site, alarmsActive} or {site, snoozed}';

/**
 * A failed union names no field, so the form is chosen by its keys first and checked alone: a 400
 * then names the key at fault, e.g. `alarmsActive` sent together with `label`.
 */
function checkAreaUpdateForm(body: unknown): void {
  // Not an object at all: the body schema reports it.
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return;
  const form =
    'label' in body
      ? areaRenameBodySchema
      : 'snoozed' in body && !('alarmsActive' in body)
        ? areaSnoozeBodySchema
        : areaAlarmsActiveBodySchema;
  const result = form.safeParse(body);
  const issue = result.error?.issues[0];
  if (!issue) return;
  if (issue.code === 'unrecognized_keys') throw badRequest(issue.keys[0] ?? 'body', ONE_FORM);
  throw badRequest(issue.path.join('.'), issue.message);
}

async function loadArea(db: Database, id: number, withSections: boolean) {
  const [row, sections] = await Promise.all([
    findArea(db, id),
    withSections ? listSectionsOfArea(db, id) : undefined,
  ]);
  if (!row) throw notFound('Area');
  return presentArea(row, sections?.map(presentSection));
}

export async function areaRoutes(app: FastifyInstance) {
  const { db } = app.ctx;

  route(app, areaEndpoints.getArea, async (request) => {
    await requireObject(db, request, 'area', request.params.id, 'view');
    return loadArea(db, request.params.id, request.query.withoutSections !== true);
  });

  route(
    app,
    areaEndpoints.updateArea,
    async (request) => {
      const { siteId } = await requireObject(db, request, 'area', request.params.id, 'edit');
      const body = request.body;
      // The console names the site with the alarm forms; a different site is a client error.
      if ('site' in body && body.site !== siteId) throw badRequest('site', "Not the area's site");
      const current = await findArea(db, request.params.id);
      if (!current) throw notFound('Area');
      // As GET areas/{id}?withoutSections=true shows it: the edit touches no section.
      noteBefore(request, presentArea(current));
      if (!(await updateArea(db, request.params.id, body))) throw notFound('Area');
      return loadArea(db, request.params.id, true);
    },
    { preValidation: async (request) => checkAreaUpdateForm(request.body) },
  );
}
