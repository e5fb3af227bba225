/**
 * PUT areas/{id} (§7): a label renames the area; site plus alarmsActive, or site plus snoozed, are
 * the area's alarm switches. The site's answer carries its areas (and so the label and both
 * flags), so the site is refreshed.
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

/**
 * A rename. Every site query is refreshed, not only this site's: the site list, the dashboard and
 * the summary name the area too. A failure is the caller's to show where the name was typed
 * (§8 "Area rename failure: error passed to callback").
 */
export function useRenameArea(areaId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (label: string) => updateArea(areaId, { label }),
    // Not awaited: the rename form closes once the name is saved, and the screens follow.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: siteKeys.all });
    },
  });
}
