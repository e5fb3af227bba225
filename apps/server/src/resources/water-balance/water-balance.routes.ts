/**
 * GET areas/{id}/water-balance (issue 30 items 3 and 8): each zone's root-zone depletion on a
 * local date, computed on read (area-water-balance.ts), for a user who may view the area.
 */
import { waterBalanceEndpoints } from '@paddock/domain';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/endpoint.ts';
import { notFound } from '../../http/errors.ts';
import { requireObject } from '../../permissions/access.ts';
import { readWaterBalanceInputs } from './area-water-balance.ts';
import { presentWaterBalance } from './water-balance.presenter.ts';

export async function waterBalanceRoutes(app: FastifyInstance) {
  const { db, clock } = app.ctx;

  route(app, waterBalanceEndpoints.getAreaWaterBalance, async (request) => {
    const areaId = request.params.id;
    await requireObject(db, request, 'area', areaId, 'view');
    const inputs = await readWaterBalanceInputs(db, areaId, request.query, clock.now());
    if (!inputs) throw notFound('Area');
    return presentWaterBalance(areaId, inputs);
  });
}
