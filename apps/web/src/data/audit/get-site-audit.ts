/**
 * GET sites/{id}/audit (issue 33 item 6): a page of the site's audit rows, newest first, with the
 * filters given. Site admins and support staff only; others are refused with 403, so callers ask
 * only when canReadAudit says they may. The log grows with every change anyone makes and no
 * mutation here invalidates it, so a page shown anew is asked anew.
 */
import { auditEndpoints, type AuditPage, type AuditQuery } from '@paddock/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api-client.ts';
import { auditKeys } from './keys.ts';

function getSiteAudit(siteId: number, filters: AuditQuery): Promise<AuditPage> {
  return callEndpoint(auditEndpoints.listSiteAudit, { params: { id: siteId }, query: filters });
}

function getSiteAuditQueryOptions(siteId: number, filters: AuditQuery) {
  return queryOptions({
    queryKey: auditKeys.rows(siteId, filters),
    queryFn: () => getSiteAudit(siteId, filters),
    staleTime: 0,
  });
}

/** `enabled`: the caller may read the log (canReadAudit); otherwise nothing is asked. */
export function useSiteAudit(siteId: number, filters: AuditQuery, enabled = true) {
  return useQuery({
    ...getSiteAuditQueryOptions(siteId, filters),
    enabled,
    // The next page or filter keeps the rows shown until its own arrive.
    placeholderData: keepPreviousData,
  });
}
