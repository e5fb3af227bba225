/**
 * GET sites/{id}/maintenance (issue 12): the site's maintenance worklist. Keyed under the site, so
 * the 60 s route refresh (§2) reaches it; each "within N days" choice is its own answer.
 */
import { siteEndpoints, type MaintenanceWorklist } from '@paddock/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { siteKeys } from '../../../data/sites/keys.ts';
import { callEndpoint } from '../../../lib/api-client.ts';

function getMaintenance(siteId: number, withinDays: number): Promise<MaintenanceWorklist> {
  return callEndpoint(siteEndpoints.getSiteMaintenance, {
    params: { id: siteId },
    query: { withinDays: String(withinDays) },
  });
}

function getMaintenanceQueryOptions(siteId: number, withinDays: number) {
  return queryOptions({
    queryKey: siteKeys.maintenance(siteId, withinDays),
    queryFn: () => getMaintenance(siteId, withinDays),
    refetchInterval: 60_000,
  });
}

export function useMaintenance(siteId: number, withinDays: number) {
  // The list stays on screen while another window's answer loads.
  return useQuery({
    ...getMaintenanceQueryOptions(siteId, withinDays),
    placeholderData: keepPreviousData,
  });
}
