/**
 * POST areas/{id}/events (§7) asking for open events only: the Irrigation tab shows stats.open
 * (§1 "Irrigation (shows a count of open events)"). Refreshed with the route (60 s, §9).
 */
import { eventEndpoints, ROUTE_REFRESH_MS, type EventData } from '@paddock/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api-client.ts';
import { cachedQueryOptions } from '../../lib/offline-cache-queries.ts';
import { eventKeys } from './keys.ts';

function getAreaOpenEvents(areaId: number): Promise<EventData> {
  return callEndpoint(eventEndpoints.listAreaEvents, {
    params: { id: areaId },
    body: { open: true },
  });
}

function getAreaOpenEventsQueryOptions(areaId: number) {
  return cachedQueryOptions(
    queryOptions({
      queryKey: eventKeys.areaOpen(areaId),
      queryFn: () => getAreaOpenEvents(areaId),
      refetchInterval: ROUTE_REFRESH_MS,
    }),
    { key: 'areaEvents', areaId },
  );
}

/** The area's open-event count, undefined until known. */
export function useAreaOpenEventCount(areaId: number | undefined) {
  return useQuery({
    ...getAreaOpenEventsQueryOptions(areaId ?? 0),
    enabled: areaId !== undefined,
    select: (data) => data.stats.open,
  });
}
