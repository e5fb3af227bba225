/**
 * GET controls?area={id} (§7): the area's valves, pumps, add-on valves and pivots. Polled at the
 * live pace while the area's program is live, so valve colours follow the field.
 */
import { controlSchema, type Control } from '@paddock/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, arrayOf } from '../../../lib/api-client.ts';
import { LIVE_REFRESH_MS } from '../live.ts';

const controlsSchema = arrayOf(controlSchema);

export function getAreaControls(areaId: number): Promise<Control[]> {
  return api.get('/controls', { schema: controlsSchema, query: { area: areaId } });
}

export function getAreaControlsQueryOptions(areaId: number) {
  return queryOptions({
    queryKey: ['areas', areaId, 'controls'] as const,
    queryFn: () => getAreaControls(areaId),
  });
}

export function useAreaControls(areaId: number, live: boolean) {
  return useQuery({
    ...getAreaControlsQueryOptions(areaId),
    refetchInterval: live ? LIVE_REFRESH_MS : false,
  });
}
