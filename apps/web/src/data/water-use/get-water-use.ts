/** GET areas/{id}/water-use (issue 14): water used per zone and per day, and zone flows. */
import { waterUseEndpoints, type WaterUse } from '@paddock/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api-client.ts';
import { waterUseKeys } from './keys.ts';

function getWaterUse(areaId: number, days: number): Promise<WaterUse> {
  return callEndpoint(waterUseEndpoints.getWaterUse, {
    params: { id: areaId },
    query: { days: String(days) },
  });
}

function getWaterUseQueryOptions(areaId: number, days: number) {
  return queryOptions({
    queryKey: waterUseKeys.area(areaId, days),
    queryFn: () => getWaterUse(areaId, days),
  });
}

export function useWaterUse(areaId: number, days: number, options: { enabled?: boolean } = {}) {
  return useQuery({ ...getWaterUseQueryOptions(areaId, days), enabled: options.enabled ?? true });
}
