/**
 * POST areas/{id}/events (§7) without a filter: the area's events, newest first, for the
 * hardware views' Events pane. Refreshed with the route (60 s, §9).
 */
import { eventEndpoints, ROUTE_REFRESH_MS, type EventData } from '@paddock/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api-client.ts';
import { cachedQueryOptions } from '../../lib/offline-cache-queries.ts';
import { eventKeys } from './keys.ts';

function getAreaEvents(areaId: number): Promise<EventData> {
  return callEndpoint(eventEndpoints.listAreaEvents, { params: { id: areaId }, body: {} });
}

function getAreaEventsQueryOptions(areaId: number) {
  return cachedQueryOptions(
    queryOptions({
      queryKey: eventKeys.areaAll(areaId),
      queryFn: () => getAreaEvents(areaId),
      refetchInterval: ROUTE_REFRESH_MS,
    }),
    { key: 'areaEvents', areaId },
  );
}

export function useAreaEvents(areaId: number | undefined) {
  return useQuery({ ...getAreaEventsQueryOptions(areaId ?? 0), enabled: areaId !== undefined });
}
