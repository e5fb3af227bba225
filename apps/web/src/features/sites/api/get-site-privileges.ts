/**
 * GET sites/{id}/privileges (§7): the caller's site-level actions and per-area actions. The
 * sidebar shows Users with viewUsers (§6) and Season with edit.
 */
import { sitePrivilegesSchema, type SitePrivileges } from '@paddock/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { SITES_QUERY_KEY } from './get-sites.ts';

export function getSitePrivileges(siteId: number): Promise<SitePrivileges> {
  return api.get(`/sites/${siteId}/privileges`, { schema: sitePrivilegesSchema });
}

export function getSitePrivilegesQueryOptions(siteId: number) {
  return queryOptions({
    queryKey: [...SITES_QUERY_KEY, siteId, 'privileges'],
    queryFn: () => getSitePrivileges(siteId),
  });
}

export function useSitePrivileges(siteId: number | undefined) {
  return useQuery({ ...getSitePrivilegesQueryOptions(siteId ?? 0), enabled: siteId !== undefined });
}
