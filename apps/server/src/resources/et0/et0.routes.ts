/**
 * GET sites/{id}/et0 (issue 30 item 8): the site's daily reference evapotranspiration per weather
 * station, each day with its inputs, as the agronomy job computed them (agronomy/et0-days.ts).
 */
import { et0Endpoints, siteTimeZone } from '@paddock/domain';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/endpoint.ts';
import { notFound } from '../../http/errors.ts';
import { requireKnownSite } from '../sites/site-access.ts';
import { presentSiteEt0 } from './et0.presenter.ts';
import { readEt0Days, readEt0Site } from './et0.repository.ts';

export async function et0Routes(app: FastifyInstance) {
  const { db } = app.ctx;

  route(app, et0Endpoints.getSiteEt0, async (request) => {
    const siteId = request.params.id;
    await requireKnownSite(db, request, siteId, 'view');
    const site = await readEt0Site(db, siteId);
    if (!site) throw notFound('Site');
    const timezone = siteTimeZone(site.config, site.tags.country, 'UTC');
    const rows = await readEt0Days(db, siteId, request.query);
    return presentSiteEt0({ id: siteId, timezone }, request.query, rows);
  });
}
