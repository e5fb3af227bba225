/** GET areas/{id}/water-balance (issue 30): each zone's root-zone depletion today. */
import { waterBalanceEndpoints, type AreaWaterBalance } from '@paddock/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api-client.ts';
import { waterBalanceKeys } from './keys.ts';

function getWaterBalance(areaId: number): Promise<AreaWaterBalance> {
  return callEndpoint(waterBalanceEndpoints.getAreaWaterBalance, {
    params: { id: areaId },
    query: {},
  });
}

function getWaterBalanceQueryOptions(areaId: number) {
  return queryOptions({
    queryKey: waterBalanceKeys.area(areaId),
    queryFn: () => getWaterBalance(areaId),
  });
}

/**
 * The area's balance, one call for all its zones (each zone page picks its own, the map's Water
 * balance layer colours them all); `enabled` false asks nothing until a layer is switched on.
 */
export function useWaterBalance(areaId: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getWaterBalanceQueryOptions(areaId), enabled });
}
