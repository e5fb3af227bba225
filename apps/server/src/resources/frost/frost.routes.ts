/**
 * Frost protection (issue 15; docs/api.md "Frost"): an area's frost summary, its fans' runs over
 * a range, a site's frost rules.
 */
import { frostEndpoints, type FrostRuns } from '@paddock/domain';
import type { FastifyInstance } from 'fastify';
import {
  readFanReadings,
  readFrostArea,
  readFrostSummary,
  readSiteFrostRules,
} from '../../frost/frost-data.ts';
import { writeSiteFrostRules } from '../../frost/frost.repository.ts';
import { frostRunsReport, RUN_FOLLOW_MS } from '../../frost/frost-report.ts';
import { route } from '../../http/endpoint.ts';
import { notFound } from '../../http/errors.ts';
import { noteBefore } from '../../http/touched.ts';
import { requireObject } from '../../permissions/access.ts';
import { requireKnownSite } from '../sites/site-access.ts';

export async function frostRoutes(app: FastifyInstance) {
  const { db, clock } = app.ctx;

  const frostArea = async (areaId: number) => {
    const area = await readFrostArea(db, areaId);
    if (!area) throw notFound('Area');
    return area;
  };

  route(app, frostEndpoints.getFrostSummary, async (request) => {
    await requireObject(db, request, 'area', request.params.id, 'view');
    return readFrostSummary(db, await frostArea(request.params.id), clock.now());
  });

  route(app, frostEndpoints.listFrostRuns, async (request): Promise<FrostRuns> => {
    await requireObject(db, request, 'area', request.params.id, 'view');
    const area = await frostArea(request.params.id);
    const from = new Date(request.query.from);
    const to = new Date(request.query.to);
    const now = clock.now();
    const fans = await readFanReadings(db, area, from, new Date(to.getTime() + RUN_FOLLOW_MS));
    return frostRunsReport(area, fans, { from, to }, now);
  });

  route(app, frostEndpoints.getSiteFrostRules, async (request) => {
    const { id } = request.params;
    await requireKnownSite(db, request, id, 'view');
    const rules = await readSiteFrostRules(db, id);
    if (!rules) throw notFound('Site');
    return { site: id, ...rules };
  });

  route(app, frostEndpoints.updateSiteFrostRules, async (request) => {
    const { id } = request.params;
    await requireKnownSite(db, request, id, 'edit');
    // The rules as they were, in the body's shape (the `rules` of GET): the district's defaults
    // when the site had none of its own.
    const current = await readSiteFrostRules(db, id);
    if (!current) throw notFound('Site');
    noteBefore(request, current.rules);
    await writeSiteFrostRules(db, id, request.body, clock.now());
    return { site: id, rules: request.body, isDefault: false };
  });
}
