/**
 * GET sites/{id}/audit/verify (issue 33 item 2): whether the site's audit log is as written, its
 * rows checked, and the first row whose link does not hold. Site admins and support staff only.
 */
import { auditEndpoints, type AuditVerdictBody } from '@paddock/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api-client.ts';
import { auditKeys } from './keys.ts';

function getAuditVerdict(siteId: number): Promise<AuditVerdictBody> {
  return callEndpoint(auditEndpoints.verifySiteAudit, { params: { id: siteId } });
}

function getAuditVerdictQueryOptions(siteId: number) {
  return queryOptions({
    queryKey: auditKeys.verdict(siteId),
    queryFn: () => getAuditVerdict(siteId),
    staleTime: 0,
  });
}

export function useAuditVerdict(siteId: number, enabled = true) {
  return useQuery({ ...getAuditVerdictQueryOptions(siteId), enabled });
}
