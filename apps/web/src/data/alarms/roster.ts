/** The site's escalation roster (ours): GET and PUT sites/{site}/roster. */
import { notificationEndpoints, type Roster } from '@paddock/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api-client.ts';
import { alarmKeys } from './keys.ts';

function getSiteRoster(siteId: number): Promise<Roster> {
  return callEndpoint(notificationEndpoints.getSiteRoster, { params: { site: siteId } });
}

function updateSiteRoster(siteId: number, roster: Roster): Promise<Roster> {
  return callEndpoint(notificationEndpoints.updateSiteRoster, {
    params: { site: siteId },
    body: roster,
  });
}

export function useSiteRoster(siteId: number) {
  return useQuery({ queryKey: alarmKeys.roster(siteId), queryFn: () => getSiteRoster(siteId) });
}

export function useUpdateSiteRoster(siteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (roster: Roster) => updateSiteRoster(siteId, roster),
    onSuccess: (saved) => queryClient.setQueryData(alarmKeys.roster(siteId), saved),
  });
}
