/**
 * GET areas/{id}/radios (§7): the Telemetry tab's time since the area's last radio report and its
 * count of faults (§1), and the radios on the irrigation map — one query, fetched once per page.
 * A failed fetch is only logged (§8).
 */
import { radioEndpoints, ROUTE_REFRESH_MS, type Radio } from '@paddock/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api-client.ts';
import { cachedQueryOptions } from '../../lib/offline-cache-queries.ts';
import { radioKeys } from './keys.ts';

function getAreaRadios(areaId: number): Promise<Radio[]> {
  return callEndpoint(radioEndpoints.listAreaRadios, { params: { id: areaId } });
}

export function getAreaRadiosQueryOptions(areaId: number) {
  return cachedQueryOptions(
    queryOptions({
      queryKey: radioKeys.area(areaId),
      queryFn: async () => {
        try {
          return await getAreaRadios(areaId);
        } catch (error) {
          console.warn(`Could not load the radios of area ${areaId}`, error);
          throw error;
        }
      },
      refetchInterval: ROUTE_REFRESH_MS,
    }),
    { key: 'areaRadios', areaId },
  );
}

/** `refetchIntervalMs` polls faster than the route refresh (the Telemetry page). */
export function useAreaRadios(
  areaId: number | undefined,
  options: { refetchIntervalMs?: number } = {},
) {
  return useQuery({
    ...getAreaRadiosQueryOptions(areaId ?? 0),
    enabled: areaId !== undefined,
    ...(options.refetchIntervalMs ? { refetchInterval: options.refetchIntervalMs } : {}),
  });
}
