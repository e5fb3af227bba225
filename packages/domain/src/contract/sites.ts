/** Sites (§7): the caller's sites, the filter's values, one site, its summary, units and privileges. */
import { z } from 'zod';
import { idParamSchema } from '../entities/params.ts';
import { sitesQuerySchema } from '../entities/site-filter.ts';
import { siteSummarySchema, sitesFilterOptionsSchema } from '../entities/site-summary.ts';
import { siteSchema, siteUpdateBodySchema } from '../entities/site.ts';
import { sitePrivilegesSchema } from '../entities/privileges.ts';
import { unitSchema } from '../entities/unit.ts';
import { maintenanceQuerySchema, maintenanceWorklistSchema } from '../maintenance/worklist.ts';
import { defineEndpoint } from './endpoint.ts';

export const siteEndpoints = {
  listSites: defineEndpoint({
    method: 'GET',
    path: '/sites',
    tag: 'sites',
    summary: "The caller's sites, optionally filtered; each with a brief summary",
    query: sitesQuerySchema,
    responses: { 200: z.array(siteSchema) },
  }),
  getSitesFilterOptions: defineEndpoint({
    method: 'GET',
    path: '/sites/filter',
    tag: 'sites',
    summary: "The values each site filter key takes over the caller's sites",
    responses: { 200: sitesFilterOptionsSchema },
  }),
  getSite: defineEndpoint({
    method: 'GET',
    path: '/sites/:id',
    tag: 'sites',
    summary: 'A site with its areas (areas without sections)',
    params: idParamSchema,
    responses: { 200: siteSchema },
  }),
  updateSite: defineEndpoint({
    method: 'PUT',
    path: '/sites/:id',
    tag: 'sites',
    summary: "Updates the site's config (season); returns the updated site",
    params: idParamSchema,
    body: siteUpdateBodySchema,
    responses: { 200: siteSchema },
  }),
  getSiteSummary: defineEndpoint({
    method: 'GET',
    path: '/sites/:id/summary',
    tag: 'sites',
    summary: 'Per-area status, hardware counts, program at a glance and last updates',
    params: idParamSchema,
    responses: { 200: siteSummarySchema },
  }),
  listSiteUnits: defineEndpoint({
    method: 'GET',
    path: '/sites/:id/units',
    tag: 'sites',
    summary: "The site's field units",
    params: idParamSchema,
    responses: { 200: z.array(unitSchema) },
  }),
  getSiteMaintenance: defineEndpoint({
    method: 'GET',
    path: '/sites/:id/maintenance',
    tag: 'sites',
    summary:
      'The maintenance worklist: radios and units that are overdue, faulted, low on battery, weak, missing reports or predicted to need a battery, most urgent first, by area',
    params: idParamSchema,
    query: maintenanceQuerySchema,
    responses: { 200: maintenanceWorklistSchema },
  }),
  getSitePrivileges: defineEndpoint({
    method: 'GET',
    path: '/sites/:id/privileges',
    tag: 'sites',
    summary: "The caller's site-level actions and, per area id, that area's actions",
    params: idParamSchema,
    responses: { 200: sitePrivilegesSchema },
  }),
};
