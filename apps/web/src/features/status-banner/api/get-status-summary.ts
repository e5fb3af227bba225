/**
 * GET /status/summary (§7 "GET external status summary (timestamp query), every 60 s"): the
 * status page's active incidents and maintenances, relayed by the server. Public: no token. The
 * timestamp keeps every cache in between from answering an old summary.
 */
import { statusEndpoints, STATUS_POLL_MS, type StatusSummary } from '@paddock/domain';
import { QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { statusKeys } from '../../../data/status/keys.ts';
import { callEndpoint } from '../../../lib/api-client.ts';

function getStatusSummary(now: number = Date.now()): Promise<StatusSummary> {
  return callEndpoint(statusEndpoints.getStatusSummary, { query: { timestamp: now } });
}

export function getStatusSummaryQueryOptions() {
  return queryOptions({
    queryKey: statusKeys.summary,
    queryFn: () => getStatusSummary(),
    refetchInterval: STATUS_POLL_MS,
    // A failed check keeps the last answer; the next poll tries again.
    retry: false,
  });
}

/**
 * The banner's own query client: the status page is the same for everyone, so signing in or out
 * (which clears the app's query cache and would cancel a check in flight) leaves it alone.
 */
export const statusQueryClient = new QueryClient({
  defaultOptions: { queries: { refetchOnWindowFocus: false } },
});

export function useStatusSummary(client: QueryClient = statusQueryClient) {
  return useQuery(getStatusSummaryQueryOptions(), client);
}
