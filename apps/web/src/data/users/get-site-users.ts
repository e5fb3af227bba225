/** GET sites/{siteId}/users (§7): the site's users with their privileges there, contact and stats. */
import { userEndpoints, type User } from '@paddock/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api-client.ts';
import { cachedQueryOptions } from '../../lib/offline-cache-queries.ts';
import { userKeys } from './keys.ts';

function getSiteUsers(siteId: number): Promise<User[]> {
  return callEndpoint(userEndpoints.listSiteUsers, { params: { siteId } });
}

function getSiteUsersQueryOptions(siteId: number) {
  return cachedQueryOptions(
    queryOptions({ queryKey: userKeys.site(siteId), queryFn: () => getSiteUsers(siteId) }),
    { key: 'users', siteId },
  );
}

export function useSiteUsers(siteId: number) {
  return useQuery(getSiteUsersQueryOptions(siteId));
}
