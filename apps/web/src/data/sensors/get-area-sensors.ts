/** GET sensors?area={id} (§7): an area's sensors, for a sensor deep link. */
import { sensorEndpoints, type Sensor } from '@paddock/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api-client.ts';
import { sensorKeys } from './keys.ts';

export function getAreaSensors(areaId: number): Promise<Sensor[]> {
  return callEndpoint(sensorEndpoints.listSensors, { query: { area: areaId } });
}

export function getAreaSensorsQueryOptions(areaId: number) {
  return queryOptions({
    queryKey: sensorKeys.area(areaId),
    queryFn: () => getAreaSensors(areaId),
  });
}

export function useAreaSensors(
  areaId: number,
  options: { enabled?: boolean; refetchIntervalMs?: number } = {},
) {
  return useQuery({
    ...getAreaSensorsQueryOptions(areaId),
    enabled: options.enabled ?? true,
    // A page that shows readings (the weather map) refreshes them in the background (§4).
    ...(options.refetchIntervalMs === undefined
      ? {}
      : { refetchInterval: options.refetchIntervalMs, refetchIntervalInBackground: false }),
  });
}
