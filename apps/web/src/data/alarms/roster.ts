/** The site's escalation roster (ours): GET and PUT sites/{site}/roster. */
import { notificationEndpoints, type Roster } from '@paddock/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api-client.ts';
import { cachedQueryOptions } from '../../lib/offline-cache-queries.ts';
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
  // Who is told of the site's alarms, step by step: the site's subscriptions (§3 offline cache).
  return useQuery(
    cachedQueryOptions(
      queryOptions({ queryKey: alarmKeys.roster(siteId), queryFn: () => getSiteRoster(siteId) }),
      { key: 'siteSubscriptions', siteId },
    ),
  );
}

export function useUpdateSiteRoster(siteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (roster: Roster) => updateSiteRoster(siteId, roster),
    onSuccess: (saved) => queryClient.setQueryData(alarmKeys.roster(siteId), saved),
  });
}
