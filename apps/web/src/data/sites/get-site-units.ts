/** GET sites/{id}/units (§7): a site's units, for a unit deep link and the irrigation map. */
import { siteEndpoints, type Unit } from '@paddock/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api-client.ts';
import { cachedQueryOptions } from '../../lib/offline-cache-queries.ts';
import { siteKeys } from './keys.ts';

function getSiteUnits(siteId: number): Promise<Unit[]> {
  return callEndpoint(siteEndpoints.listSiteUnits, { params: { id: siteId } });
}

export function getSiteUnitsQueryOptions(siteId: number) {
  // Served from the offline cache first (§4 cached units), then refreshed.
  return cachedQueryOptions(
    queryOptions({
      queryKey: siteKeys.units(siteId),
      queryFn: () => getSiteUnits(siteId),
    }),
    { key: 'siteUnits', siteId },
  );
}

/** `refetchIntervalMs` polls (the Telemetry page); otherwise the units refresh with the site. */
export function useSiteUnits(
  siteId: number,
  options: { enabled?: boolean; refetchIntervalMs?: number } = {},
) {
  return useQuery({
    ...getSiteUnitsQueryOptions(siteId),
    enabled: options.enabled ?? true,
    ...(options.refetchIntervalMs ? { refetchInterval: options.refetchIntervalMs } : {}),
  });
}
