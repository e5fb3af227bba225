/**
 * GET sites/{id} (§7): one site with its areas (without sections), refetched every 60 s (§9).
 * The season dialog's save invalidates it (siteKeys.all).
 */
import { siteEndpoints, SITE_QUERY_REFETCH_MS, type Site } from '@paddock/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api-client.ts';
import { cachedQueryOptions } from '../../lib/offline-cache-queries.ts';
import { siteKeys } from './keys.ts';

function getSite(id: number): Promise<Site> {
  return callEndpoint(siteEndpoints.getSite, { params: { id } });
}

export function getSiteQueryOptions(id: number) {
  // Served from the offline cache first (§4); every query of ['sites', id] opts in the same way.
  return cachedQueryOptions(
    queryOptions({
      queryKey: siteKeys.detail(id),
      queryFn: () => getSite(id),
      refetchInterval: SITE_QUERY_REFETCH_MS,
    }),
    { key: 'sites', siteId: id },
  );
}

/** The site of the current route; pass undefined outside a site. */
export function useSite(id: number | undefined) {
  return useQuery({ ...getSiteQueryOptions(id ?? 0), enabled: id !== undefined });
}
