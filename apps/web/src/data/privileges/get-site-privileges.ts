/**
 * GET sites/{id}/privileges (§7): the caller's site-level actions and per-area actions. Read
 * through usePrivileges, which adds the user's own.
 */
import { siteEndpoints, type SitePrivileges } from '@paddock/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api-client.ts';
import { cachedQueryOptions } from '../../lib/offline-cache-queries.ts';
import { privilegeKeys } from './keys.ts';

function getSitePrivileges(siteId: number): Promise<SitePrivileges> {
  return callEndpoint(siteEndpoints.getSitePrivileges, { params: { id: siteId } });
}

function getSitePrivilegesQueryOptions(siteId: number) {
  return cachedQueryOptions(
    queryOptions({
      queryKey: privilegeKeys.site(siteId),
      queryFn: () => getSitePrivileges(siteId),
    }),
    { key: 'sitePrivileges', siteId },
  );
}

export function useSitePrivileges(siteId: number | undefined) {
  return useQuery({ ...getSitePrivilegesQueryOptions(siteId ?? 0), enabled: siteId !== undefined });
}
