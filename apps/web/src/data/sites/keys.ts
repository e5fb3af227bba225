/**
 * Query keys of sites (§7 GET sites, sites/{id} and what hangs under a site). Every query about one
 * site keys under `siteKeys.detail(id)`, so the route refresh (§2) and a site reset reach them
 * all, and every site query under `siteKeys.all`, which the season save invalidates. The shapes
 * are what the offline cache stores answers under (lib/offline-cache-queries.ts): changing one
 * orphans the answers cached before.
 */
import type { SiteFilter } from '@paddock/domain';

export const siteKeys = {
  all: ['sites'] as const,
  /** GET sites with the filter and the extended flag. */
  list: (filter: SiteFilter, extended: boolean) => [...siteKeys.all, filter, extended] as const,
  /** GET sites as the dashboard reads it (its own offline cache entry, §3 dashboard). */
  dashboard: ['sites', 'dashboard'] as const,
  /** GET sites/{id}, and the prefix of every query about the site. */
  detail: (siteId: number) => [...siteKeys.all, siteId] as const,
  units: (siteId: number) => [...siteKeys.detail(siteId), 'units'] as const,
  summary: (siteId: number) => [...siteKeys.detail(siteId), 'summary'] as const,
  /** GET sites/{id}/maintenance, one answer per "within N days" choice. */
  maintenance: (siteId: number, withinDays: number) =>
    [...siteKeys.detail(siteId), 'maintenance', withinDays] as const,
  /** GET sites/filter: the values each filter key takes (not under `all`: no site's refresh). */
  filterOptions: ['sites-filter-options'] as const,
};
