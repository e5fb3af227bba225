/**
 * The caller's sites (§7): GET sites (with the site filter), GET sites/filter, GET/PUT sites/{id},
 * GET sites/{id}/summary, /units and /privileges. A user sees only their own sites (§6).
 */
import {
  EMPTY_SITE_FILTER,
  idParamSchema,
  privilegesForArea,
  hasPrivilege,
  SITE_FILTER_KEYS,
  siteFilterFromQuery,
  sitePrivilegesSchema,
  siteSchema,
  sitesFilterOptionsSchema,
  siteSummarySchema,
  siteUpdateBodySchema,
  unitSchema,
  validateSeason,
  type Area,
  type SitesFilterOptions,
} from '@paddock/domain';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sites } from '../../db/schema.ts';
import { KeptWhileUnchanged, tableVersionsOf } from '../../db/table-versions.ts';
import { authOf } from '../../http/context.ts';
import { HttpError, forbidden, notFound } from '../../http/errors.ts';
import { RecentMap } from '../../http/recent-map.ts';
import { createResponseCache, sendCachedJson } from '../../http/response-cache.ts';
import { loadSiteAccess } from '../../permissions/access.ts';
import { createBriefSummaryCache } from './brief-summary-cache.ts';
import { presentBriefSummary, presentSiteSummary } from './site-summary.presenter.ts';
import { presentArea } from '../areas/area.presenter.ts';
import { presentSite, presentUnit } from './site.presenter.ts';
import { requireKnownSite } from './site-access.ts';
import {
  areasOfSite,
  memberSiteFilterFields,
  siteExists,
  siteQueries,
  siteSummaryRows,
  type SiteWithMembership,
  unitsOfSite,
} from './site.repository.ts';

/** One filter key as it arrives: once (a string) or repeated (an array); ';' separates values. */
const filterQueryValueSchema = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .describe('Values separated by ";"; the key may repeat');

/**
 * GET sites query (§7): the site filter keys and `extended`. Any other key is refused with its
 * name as the field, rather than ignored, so a misspelt filter never silently shows every site.
 */
export const sitesQuerySchema = z
  .object({
    application: filterQueryValueSchema,
    country: filterQueryValueSchema,
    region: filterQueryValueSchema,
    operator: filterQueryValueSchema,
    client: filterQueryValueSchema,
    extended: z
      .stringbool()
      .optional()
      .describe('true: each site also carries its areas (without sections)'),
  })
  .catchall(z.unknown())
  .superRefine((query, ctx) => {
    // Reported per key (a strict object would report them all at the root, without a field).
    for (const key of Object.keys(query)) {
      if (key !== 'extended' && !(SITE_FILTER_KEYS as readonly string[]).includes(key)) {
        ctx.addIssue({ code: 'custom', path: [key], message: 'Unknown site filter key' });
      }
    }
  });

const security = [{ bearer: [] }];

/** Site lists kept written (one per user and filter; see http/response-cache.ts). */
const SITE_LISTS_KEPT = 2_000;
/** Sites kept written, and memberships kept (per user and site), for GET sites/{id}. */
const SITES_KEPT = 2_000;

export async function sitesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
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

  app.get(
    '/sites',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['sites'],
        summary: "The caller's sites, optionally filtered; each with a brief summary",
        security,
        querystring: sitesQuerySchema,
        response: { 200: z.array(siteSchema) },
      },
    },
    async (request, reply) => {
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
    },
  );

  app.get(
    '/sites/filter',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['sites'],
        summary: "The values each site filter key takes over the caller's sites",
        security,
        response: { 200: sitesFilterOptionsSchema },
      },
    },
    async (request) => {
      const rows = await memberSiteFilterFields(db, authOf(request).userId);
      const values = {
        application: new Set<string>(),
        country: new Set<string>(),
        region: new Set<string>(),
        operator: new Set<string>(),
        client: new Set<string>(),
      };
      for (const row of rows) {
        for (const application of row.applications) values.application.add(application);
        values.country.add(row.tags.country);
        values.region.add(row.tags.region);
        if (row.operator) values.operator.add(row.operator);
        if (row.client) values.client.add(row.client);
      }
      const sorted = (set: Set<string>) =>
        [...set].filter((value) => value !== '').sort((a, b) => a.localeCompare(b));
      const options: SitesFilterOptions = {
        application: sorted(values.application),
        country: sorted(values.country),
        region: sorted(values.region),
        operator: sorted(values.operator),
        client: sorted(values.client),
      };
      return options;
    },
  );

  app.get(
    '/sites/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['sites'],
        summary: 'A site with its areas (areas without sections)',
        security,
        params: idParamSchema,
        response: { 200: siteSchema },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const userId = authOf(request).userId;
      const found = await sitesWithMembership.get(`${userId} ${id}`, () =>
        queries.siteWithMembership(userId, id),
      );
      if (!found) throw notFound('Site');
      if (!found.privileges) throw forbidden('Not a member of this site');
      const held = privilegesForArea(
        { privileges: found.privileges, areas: {} },
        null,
        found.userPrivileges ?? [],
      );
      if (!hasPrivilege(held, 'view')) throw forbidden('Requires the view privilege on this site');
      const cached = await siteBodies.body(
        String(id),
        tableVersionsOf(db)?.of(['sites', 'areas']) ?? null,
        async () => {
          const areaRows = await queries.areasOfSites([id]);
          return reply.serialize(
            presentSite(found.site, { areas: areaRows.map((area) => presentArea(area)) }),
          );
        },
      );
      return sendCachedJson(request, reply, cached);
    },
  );

  app.put(
    '/sites/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['sites'],
        summary: "Updates the site's config (season); returns the updated site",
        security,
        params: idParamSchema,
        body: siteUpdateBodySchema,
        response: { 200: siteSchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      await requireKnownSite(db, request, id, 'edit');
      const { config } = request.body;
      // §7: the body is the existing config plus the season, so the season must be there (§5).
      const season = validateSeason(config.season ?? {});
      if (!season.ok) {
        const [side, reason] = Object.entries(season.errors)[0] ?? ['start', 'required'];
        throw new HttpError(400, `config.season.${side}: ${reason}`, {
          field: `config.season.${side}`,
          location: 'body',
          reason,
        });
      }
      // Keys the console did not send are kept: an older console must not wipe newer settings.
      const [updated] = await db
        .update(sites)
        .set({
          config: sql`${sites.config} || ${JSON.stringify(config)}::jsonb`,
          modifiedAt: clock.now(),
        })
        .where(eq(sites.id, id))
        .returning();
      if (!updated) throw notFound('Site');
      const areaRows = await areasOfSite(db, id);
      return presentSite(updated, { areas: areaRows.map((area) => presentArea(area)) });
    },
  );

  app.get(
    '/sites/:id/summary',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['sites'],
        summary: 'Per-area status, hardware counts, program at a glance and last updates',
        security,
        params: idParamSchema,
        response: { 200: siteSummarySchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      await requireKnownSite(db, request, id, 'view');
      const rows = await siteSummaryRows(db, id);
      return presentSiteSummary({ siteId: id, ...rows }, clock.now());
    },
  );

  app.get(
    '/sites/:id/units',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['sites'],
        summary: "The site's field units",
        security,
        params: idParamSchema,
        response: { 200: z.array(unitSchema) },
      },
    },
    async (request) => {
      const { id } = request.params;
      await requireKnownSite(db, request, id, 'view');
      return (await unitsOfSite(db, id)).map(presentUnit);
    },
  );

  app.get(
    '/sites/:id/privileges',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['sites'],
        summary: "The caller's site-level actions and, per area id, that area's actions",
        security,
        params: idParamSchema,
        response: { 200: sitePrivilegesSchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      // Any member may read their own lists, even without view: the console needs them to tell
      // what is missing (§6 contact support).
      if (!(await siteExists(db, id))) throw notFound('Site');
      const access = await loadSiteAccess(db, authOf(request).userId, id);
      if (!access) throw forbidden('Not a member of this site');
      return { privileges: access.privileges, areas: access.areas };
    },
  );
}
