/**
 * GET controls?area={id} (§7): the area's valves, pumps, add-on valves and pivots. A page that
 * follows the field (the irrigation workspace while its program is live) polls it at its pace.
 */
import { controlEndpoints, type Control } from '@paddock/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api-client.ts';
import { cachedQueryOptions } from '../../lib/offline-cache-queries.ts';
import { controlKeys } from './keys.ts';

function getAreaControls(areaId: number): Promise<Control[]> {
  return callEndpoint(controlEndpoints.listControls, { query: { area: areaId } });
}

function getAreaControlsQueryOptions(areaId: number) {
  return cachedQueryOptions(
    queryOptions({
      queryKey: controlKeys.area(areaId),
      queryFn: () => getAreaControls(areaId),
    }),
    { key: 'areaControls', areaId },
  );
}

/** `refetchInterval`: how often to poll, false (the default) to leave it to the route refresh. */
export function useAreaControls(
  areaId: number,
  options: { refetchInterval?: number | false } = {},
) {
  return useQuery({
    ...getAreaControlsQueryOptions(areaId),
    refetchInterval: options.refetchInterval ?? false,
  });
}
