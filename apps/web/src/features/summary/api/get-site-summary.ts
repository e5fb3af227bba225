/**
 * GET sites/{id}/summary (§7): per-area status, counts and last updates for the site summary page.
 * Keyed under the site (siteKeys.summary), so the 60 s route refresh reaches it.
 */
import { siteEndpoints, type SiteSummary } from '@paddock/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { siteKeys } from '../../../data/sites/keys.ts';
import { callEndpoint } from '../../../lib/api-client.ts';
import { cachedQueryOptions } from '../../../lib/offline-cache-queries.ts';

function getSiteSummary(siteId: number): Promise<SiteSummary> {
  return callEndpoint(siteEndpoints.getSiteSummary, { params: { id: siteId } });
}

function getSiteSummaryQueryOptions(siteId: number) {
  // Served from the offline cache first (§4 cached summary), then refreshed.
  return cachedQueryOptions(
    queryOptions({
      queryKey: siteKeys.summary(siteId),
      queryFn: () => getSiteSummary(siteId),
    }),
    { key: 'siteSummary', siteId },
  );
}

export function useSiteSummary(siteId: number) {
  return useQuery(getSiteSummaryQueryOptions(siteId));
}
