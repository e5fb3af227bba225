/** GET areas/{areaId}/alarms (§7): the area's alarms, for the hardware views' Alarms pane. */
import { alarmEndpoints, ROUTE_REFRESH_MS, type Alarm } from '@paddock/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api-client.ts';
import { alarmKeys } from './keys.ts';

export function getAreaAlarms(areaId: number): Promise<Alarm[]> {
  return callEndpoint(alarmEndpoints.listAreaAlarms, { params: { areaId } });
}

export function getAreaAlarmsQueryOptions(areaId: number) {
  return queryOptions({
    queryKey: alarmKeys.area(areaId),
    queryFn: () => getAreaAlarms(areaId),
    refetchInterval: ROUTE_REFRESH_MS,
  });
}

export function useAreaAlarms(areaId: number | undefined) {
  return useQuery({ ...getAreaAlarmsQueryOptions(areaId ?? 0), enabled: areaId !== undefined });
}
