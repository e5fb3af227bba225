/**
 * The caller's sites (§7): GET sites (with the site filter), GET sites/filter, GET/PUT sites/{id},
 * GET sites/{id}/summary, /units and /privileges. A user sees only their own sites (§6).
 */
import {
  EMPTY_SITE_FILTER,
  privilegesForArea,
  hasPrivilege,
  SITE_FILTER_KEYS,
  siteEndpoints,
  siteFilterFromQuery,
  validateSeason,
  type Area,
} from '@paddock/domain';
import type { FastifyInstance } from 'fastify';
import { KeptWhileUnchanged, tableVersionsOf } from '../../db/table-versions.ts';
import { authOf } from '../../http/context.ts';
import { route } from '../../http/endpoint.ts';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';
import { noteBefore } from '../../http/touched.ts';
import { RecentMap } from '../../recent-map.ts';
import { createResponseCache, sendCachedJson } from '../../http/response-cache.ts';
import { loadSiteAccess } from '../../permissions/access.ts';
import { readFrostArea, readFrostSummary } from '../../frost/frost-data.ts';
import { createBriefSummaryCache } from './brief-summary-cache.ts';
import { presentBriefSummary, presentSiteSummary } from './site-summary.presenter.ts';
import { presentArea } from '../areas/area.presenter.ts';
import { presentSite, presentSitesFilterOptions, presentUnit } from './site.presenter.ts';
import { requireKnownSite } from './site-access.ts';
import {
  areasOfSite,
  memberSiteFilterFields,
  siteExists,
  siteQueries,
  type SiteMembership,
  type SiteWithMembership,
  unitsOfSite,
  unitsOfSiteVersion,
  updateSiteConfig,
} from './site.repository.ts';

/** Site lists kept written (one per user and filter; see http/response-cache.ts). */
const SITE_LISTS_KEPT = 2_000;
/** Sites kept written, and memberships kept (per user and site), for GET sites/{id}. */
const SITES_KEPT = 2_000;
/** Unit lists kept written, one per site (GET sites/{id}/units). */
const UNIT_LISTS_KEPT = 2_000;

/**
 * The view privilege at site level, from a membership read with the site (the caller's site and
 * user lists; area lists do not give a site).
 */
function requireSiteView(membership: SiteMembership): void {
  if (!membership.privileges) throw forbidden('Not a member of this site');
  const held = privilegesForArea(
    { privileges: membership.privileges, areas: {} },
    null,
    membership.userPrivileges ?? [],
  );
  if (!hasPrivilege(held, 'view')) throw forbidden('Requires the view privilege on this site');
}

/** PUT sites/{id}: the site's config, with the site as it was noted for the audit row. */
function updateSiteRoute(app: FastifyInstance, queries: ReturnType<typeof siteQueries>) {
  const { db, clock } = app.ctx;
  route(app, siteEndpoints.updateSite, async (request) => {
    const { id } = request.params;
    await requireKnownSite(db, request, id, 'edit');
    const { config } = request.body;
    // §7: the body is the existing config plus the season, so the season must be there (§5).
    const season = validateSeason(config.season ?? {});
    if (!season.ok) {
      const [side, reason] = Object.entries(season.errors)[0] ?? ['start', 'required'];
      throw badRequest(`config.season.${side}`, reason);
    }
    // The site as it was, for the audit row; its areas are not changed here, so one read of them
    // serves before and after.
    const [found, areaRows] = await Promise.all([
      queries.siteWithMembership(authOf(request).userId, id),
      areasOfSite(db, id),
    ]);
    if (!found) throw notFound('Site');
    const areas = areaRows.map((area) => presentArea(area));
    noteBefore(request, presentSite(found.site, { areas }));
    const updated = await updateSiteConfig(db, id, config, clock.now());
    if (!updated) throw notFound('Site');
    return presentSite(updated, { areas });
  });
}

export async function sitesRoutes(app: FastifyInstance) {
  const { db, clock } = app.ctx;
  const queries = siteQueries(db);
  const briefSummaries = createBriefSummaryCache(queries.briefStats, clock);
  const siteLists = createResponseCache({ maxEntries: SITE_LISTS_KEPT });
  const siteIdLists = new RecentMap<string, { version: string; ids: number[] }>(SITE_LISTS_KEPT);
  // GET sites/{id}, embedded: the caller's membership and the written site are kept until a table
  // they were read from is written (db/table-versions.ts); on PostgreSQL both are read each call.
  const sitesWithMembership = new KeptWhileUnchanged<SiteWithMembership | null>(
    db,
    ['sites', 'site_members', 'users'],
    SITES_KEPT,
  );
  const siteBodies = createResponseCache({ maxEntries: SITES_KEPT });
  // GET sites/{id}/units: the Telemetry and Weather pages poll it (every 10 s on Telemetry), and
  // a site of 200 units took 100–300 ms a call to read, present, check and write (37 KiB). The
  // list is the same for everyone who may view the site, so it is kept per site while its rows
  // are unchanged (http/response-cache.ts).
  const unitLists = createResponseCache({ maxEntries: UNIT_LISTS_KEPT });

  route(app, siteEndpoints.listSites, async (request, reply) => {
    const { extended, ...keys } = request.query;
    const pairs: [string, string][] = [];
    for (const key of SITE_FILTER_KEYS) {
      const value = keys[key];
      for (const text of value === undefined ? [] : [value].flat()) pairs.push([key, text]);
    }
    const filter = pairs.length > 0 ? siteFilterFromQuery(pairs) : EMPTY_SITE_FILTER;
    const userId = authOf(request).userId;

    // The body is written again only when a site or a membership changed (sitesVersion), a
    // brief summary was counted again (at most every BRIEF_SUMMARY_MAX_AGE_MS) or, extended,
    // an area changed. Reading those takes two small statements, not 500 rows.
    const cacheKey = `${userId} ${extended === true} ${JSON.stringify(filter)}`;
    const version = await queries.sitesVersion();
    let listed = siteIdLists.get(cacheKey);
    if (listed?.version !== version) {
      listed = { version, ids: await queries.memberSiteIds(userId, filter) };
      siteIdLists.set(cacheKey, listed);
    }
    const stats = await briefSummaries.statsOf(listed.ids);
    const counted = listed.ids.map((id) => stats.get(id)?.computedAt ?? 0).join(',');
    const areasVersion = extended ? await queries.areasVersion(listed.ids) : '';
    const cached = await siteLists.body(
      cacheKey,
      `${version}|${counted}|${areasVersion}`,
      async () => {
        const siteRows = await queries.listMemberSites(userId, filter);
        const areasBySite = new Map<number, Area[]>();
        if (extended) {
          for (const area of await queries.areasOfSites(siteRows.map((site) => site.id))) {
            areasBySite.set(area.siteId, [
              ...(areasBySite.get(area.siteId) ?? []),
              presentArea(area),
            ]);
          }
        }
        const now = clock.now();
        const body = siteRows.map((site) => {
          const brief = stats.get(site.id);
          return presentSite(site, {
            summary: brief ? presentBriefSummary(brief.stats, now) : null,
            ...(extended ? { areas: areasBySite.get(site.id) ?? [] } : {}),
          });
        });
        return reply.serialize(body);
      },
    );
    return sendCachedJson(request, reply, cached);
  });

  route(app, siteEndpoints.getSitesFilterOptions, async (request) =>
    presentSitesFilterOptions(await memberSiteFilterFields(db, authOf(request).userId)),
  );

  route(app, siteEndpoints.getSite, async (request, reply) => {
    const { id } = request.params;
    const userId = authOf(request).userId;
    const versions = tableVersionsOf(db)?.of(['sites', 'areas']) ?? null;
    // Without table versions (PostgreSQL) the body is written each call: its areas are asked
    // alongside the membership, one round trip instead of two, and used only if it passes.
    const [found, areaRows] = await Promise.all([
      sitesWithMembership.get(`${userId} ${id}`, () => queries.siteWithMembership(userId, id)),
      versions === null ? queries.areasOfSites([id]) : null,
    ]);
    if (!found) throw notFound('Site');
    requireSiteView(found);
    const cached = await siteBodies.body(String(id), versions, async () => {
      const areas = areaRows ?? (await queries.areasOfSites([id]));
      return reply.serialize(
        presentSite(found.site, { areas: areas.map((area) => presentArea(area)) }),
      );
    });
    return sendCachedJson(request, reply, cached);
  });

  updateSiteRoute(app, queries);

  route(app, siteEndpoints.getSiteSummary, async (request) => {
    const { id } = request.params;
    const rows = await queries.siteSummary(authOf(request).userId, id);
    if (!rows) throw notFound('Site');
    requireSiteView(rows);
    const now = clock.now();
    const summary = presentSiteSummary({ siteId: id, ...rows }, now);
    // Frost areas carry their frost summary (issue 15): fans running, coldest canopy, fuel.
    for (const area of summary.areas) {
      if (area.type !== 'frost') continue;
      const frost = await readFrostArea(db, area.area);
      if (frost) area.frost = await readFrostSummary(db, frost, now);
    }
    return summary;
  });

  route(app, siteEndpoints.listSiteUnits, async (request, reply) => {
    const { id } = request.params;
    await requireKnownSite(db, request, id, 'view');
    const cached = await unitLists.body(String(id), await unitsOfSiteVersion(db, id), async () =>
      reply.serialize((await unitsOfSite(db, id)).map(presentUnit)),
    );
    return sendCachedJson(request, reply, cached);
  });

  route(app, siteEndpoints.getSitePrivileges, async (request) => {
    const { id } = request.params;
    // Any member may read their own lists, even without view: the console needs them to tell
    // what is missing (§6 contact support).
    if (!(await siteExists(db, id))) throw notFound('Site');
    const access = await loadSiteAccess(db, authOf(request).userId, id);
    if (!access) throw forbidden('Not a member of this site');
    return { privileges: access.privileges, areas: access.areas };
  });
}
