/**
 * PUT areas/{id} (§7) with site plus alarmsActive, or site plus snoozed: the area's alarm
 * switches. The site's answer carries its areas (and so both flags), so the site is refreshed.
 */
import { areaEndpoints, type Area, type AreaUpdateBody } from '@paddock/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api-client.ts';
import { siteKeys } from '../sites/keys.ts';

function updateArea(id: number, body: AreaUpdateBody): Promise<Area> {
  return callEndpoint(areaEndpoints.updateArea, { params: { id }, body });
}

export type AreaAlarmSwitch = { readonly alarmsActive: boolean } | { readonly snoozed: boolean };

export function useUpdateAreaAlarmSwitch(siteId: number, areaId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: AreaAlarmSwitch) => updateArea(areaId, { site: siteId, ...change }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: siteKeys.detail(siteId) }),
  });
}
