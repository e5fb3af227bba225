/**
 * GET sensors?area={id} (§7): an area's sensors, for a sensor deep link and the Add-ons page,
 * which polls it for live values.
 */
import { sensorEndpoints, type Sensor } from '@paddock/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api-client.ts';
import { cachedQueryOptions } from '../../lib/offline-cache-queries.ts';
import { sensorKeys } from './keys.ts';

function getAreaSensors(areaId: number): Promise<Sensor[]> {
  return callEndpoint(sensorEndpoints.listSensors, { query: { area: areaId } });
}

export function getAreaSensorsQueryOptions(areaId: number) {
  return cachedQueryOptions(
    queryOptions({
      queryKey: sensorKeys.area(areaId),
      queryFn: () => getAreaSensors(areaId),
    }),
    { key: 'areaSensors', areaId },
  );
}

/** `refetchInterval` polls the sensors' latest values (the add-ons, frost and weather pages; §4 background refresh). */
export function useAreaSensors(
  areaId: number,
  options: { enabled?: boolean; refetchInterval?: number | false } = {},
) {
  return useQuery({
    ...getAreaSensorsQueryOptions(areaId),
    enabled: options.enabled ?? true,
    refetchInterval: options.refetchInterval ?? false,
  });
}
