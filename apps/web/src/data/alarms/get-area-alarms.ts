/** GET areas/{areaId}/alarms (§7): the area's alarms, for the alarms pages and the hardware views' Alarms pane. */
import { alarmEndpoints, ROUTE_REFRESH_MS, type Alarm } from '@paddock/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api-client.ts';
import { cachedQueryOptions } from '../../lib/offline-cache-queries.ts';
import { alarmKeys } from './keys.ts';

function getAreaAlarms(areaId: number): Promise<Alarm[]> {
  return callEndpoint(alarmEndpoints.listAreaAlarms, { params: { areaId } });
}

function getAreaAlarmsQueryOptions(areaId: number) {
  return cachedQueryOptions(
    queryOptions({
      queryKey: alarmKeys.area(areaId),
      queryFn: () => getAreaAlarms(areaId),
      refetchInterval: ROUTE_REFRESH_MS,
    }),
    { key: 'siteAlarms', areaId },
  );
}

/** `refetchIntervalMs` polls faster than the route refresh (the alarms pages). */
export function useAreaAlarms(
  areaId: number | undefined,
  options: { refetchIntervalMs?: number } = {},
) {
  return useQuery({
    ...getAreaAlarmsQueryOptions(areaId ?? 0),
    enabled: areaId !== undefined,
    ...(options.refetchIntervalMs ? { refetchInterval: options.refetchIntervalMs } : {}),
  });
}
