/** Units (ours): PUT units/{id}, a unit's reporting interval (install). */
import { unitEndpoints } from '@paddock/domain';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/endpoint.ts';
import { notFound } from '../../http/errors.ts';
import { noteBefore } from '../../http/touched.ts';
import { requireObject } from '../../permissions/access.ts';
import { presentUnit } from '../sites/site.presenter.ts';
import { findUnit, updateUnitInterval } from './unit.repository.ts';

export async function unitRoutes(app: FastifyInstance) {
  const { db } = app.ctx;

  route(app, unitEndpoints.updateUnit, async (request) => {
    const id = request.params.id;
    await requireObject(db, request, 'unit', id, 'install');
    const current = await findUnit(db, id);
    if (!current) throw notFound('Unit');
    noteBefore(request, presentUnit(current));
    const row = await updateUnitInterval(db, id, request.body.reportIntervalSeconds);
    if (!row) throw notFound('Unit');
    return presentUnit(row);
  });
}
