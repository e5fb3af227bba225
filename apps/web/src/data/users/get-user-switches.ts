/** GET sites/{siteId}/user-switches: who switched to which user of the site (admins only). */
import { userEndpoints, type UserSwitch } from '@paddock/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api-client.ts';
import { userKeys } from './keys.ts';

function getUserSwitches(siteId: number): Promise<UserSwitch[]> {
  return callEndpoint(userEndpoints.listSiteUserSwitches, { params: { siteId } });
}

function getUserSwitchesQueryOptions(siteId: number) {
  return queryOptions({
    queryKey: userKeys.switches(siteId),
    queryFn: () => getUserSwitches(siteId),
  });
}

/** Asked only when `enabled` (the caller is an admin of the site). */
export function useUserSwitches(siteId: number, enabled: boolean) {
  return useQuery({ ...getUserSwitchesQueryOptions(siteId), enabled });
}
