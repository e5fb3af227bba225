/**
 * GET fleet (issue 33 item 4): what needs a person now across the user's sites. The page reads
 * the list's first rows, most urgent first, and asks for more rows as the user shows more: support
 * staff's thousand rows, asked whole, put the first row near 2 s (bench:web --pages fleet), a
 * hundred at 1.4 s. The dashboard reads only each site's count. Both refetch every 60 s as the
 * console's other lists do (§9).
 */
import { fleetEndpoints, SITE_QUERY_REFETCH_MS, type Fleet } from '@paddock/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api-client.ts';
import { fleetKeys } from './keys.ts';

/** Rows the page asks for first, and adds with each "Show more". */
export const FLEET_PAGE_ROWS = 100;

function getFleet(limit: number): Promise<Fleet> {
  return callEndpoint(fleetEndpoints.getFleet, { query: { limit } });
}

export function getFleetQueryOptions(limit: number = FLEET_PAGE_ROWS) {
  return queryOptions({
    queryKey: fleetKeys.list(limit),
    queryFn: () => getFleet(limit),
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

/** The list's first `limit` rows; the rows shown stay while more are asked for. */
export function useFleet(limit: number) {
  return useQuery({ ...getFleetQueryOptions(limit), placeholderData: keepPreviousData });
}

export function useFleetCounts() {
  return useQuery(getFleetCountsQueryOptions());
}
