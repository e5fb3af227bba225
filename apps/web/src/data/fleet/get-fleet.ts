/**
 * GET fleet (issue 33 item 4): what needs a person now across the user's sites. The page reads
 * the list (as many rows as the call gives), the dashboard only each site's count; both refetch
 * every 60 s as the console's other lists do (§9).
 */
import { FLEET_LIMIT, fleetEndpoints, SITE_QUERY_REFETCH_MS, type Fleet } from '@paddock/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api-client.ts';
import { fleetKeys } from './keys.ts';

function getFleet(limit: number): Promise<Fleet> {
  return callEndpoint(fleetEndpoints.getFleet, { query: { limit } });
}

export function getFleetQueryOptions() {
  return queryOptions({
    queryKey: fleetKeys.list,
    queryFn: () => getFleet(FLEET_LIMIT.max),
    refetchInterval: SITE_QUERY_REFETCH_MS,
  });
}

function getFleetCountsQueryOptions() {
  return queryOptions({
    queryKey: fleetKeys.counts,
    queryFn: () => getFleet(0),
    refetchInterval: SITE_QUERY_REFETCH_MS,
  });
}

export function useFleet() {
  return useQuery(getFleetQueryOptions());
}

export function useFleetCounts() {
  return useQuery(getFleetCountsQueryOptions());
}
