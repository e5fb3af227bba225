/**
 * GET sites (§7): the signed-in user's sites, optionally narrowed by the site filter (key=value
 * pairs, values split on semicolons, repeated per key) or extended with their areas. Fresh for
 * 59 s and refetched every 60 s (§9).
 */
import {
  EMPTY_SITE_FILTER,
  siteEndpoints,
  siteFilterToQuery,
  SITE_QUERY_REFETCH_MS,
  USER_SITES_STALE_MS,
  type Site,
  type SiteFilter,
} from '@paddock/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api-client.ts';
import { cachedQueryOptions } from '../../lib/offline-cache-queries.ts';
import { siteKeys } from './keys.ts';

export interface GetSitesInput {
  readonly filter?: SiteFilter;
  readonly extended?: boolean;
}

function getSites({ filter = EMPTY_SITE_FILTER, extended }: GetSitesInput = {}): Promise<
  Site[]
> {
  // The filter's values repeat their key, so the query goes as pairs.
  return callEndpoint(
    siteEndpoints.listSites,
    { query: {} },
    { query: siteFilterToQuery(filter, { extended }) },
  );
}

/** Served from the offline cache (§4 user-site data) first, then refreshed. */
function getSitesQueryOptions(input: GetSitesInput = {}) {
  return cachedQueryOptions(
    queryOptions({
      queryKey: siteKeys.list(input.filter ?? EMPTY_SITE_FILTER, input.extended ?? false),
      queryFn: () => getSites(input),
      staleTime: USER_SITES_STALE_MS,
      refetchInterval: SITE_QUERY_REFETCH_MS,
    }),
    { key: 'userSites' },
  );
}

/**
 * The dashboard's sites (§2 dashboard): the same call, cached as the §3 dashboard entry so the
 * multi-site map opens with its last data offline. The dashboard filters them on screen.
 */
function getDashboardSitesQueryOptions() {
  return cachedQueryOptions(
    queryOptions({
      queryKey: siteKeys.dashboard,
      queryFn: () => getSites(),
      staleTime: USER_SITES_STALE_MS,
      refetchInterval: SITE_QUERY_REFETCH_MS,
    }),
    { key: 'dashboard' },
  );
}

export function useDashboardSites() {
  return useQuery(getDashboardSitesQueryOptions());
}

/** The user's sites (§7 "refetch 60 s"). */
export function useUserSites(input: GetSitesInput = {}, options: { enabled?: boolean } = {}) {
  return useQuery({ ...getSitesQueryOptions(input), enabled: options.enabled ?? true });
}
