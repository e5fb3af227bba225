/**
 * Query keys of a site's audit log (issue 33 items 3 and 6): its pages of rows, one per set of
 * filters, and its verify verdict, all under the site so the route refresh (§2) reaches them.
 */
import type { AuditQuery } from '@paddock/domain';
import { siteKeys } from '../sites/keys.ts';

export const auditKeys = {
  /** Every audit query of the site. */
  site: (siteId: number) => [...siteKeys.detail(siteId), 'audit'] as const,
  /** GET sites/{id}/audit with these filters and page. */
  rows: (siteId: number, filters: AuditQuery) =>
    [...auditKeys.site(siteId), 'rows', filters] as const,
  /** GET sites/{id}/audit/verify. */
  verdict: (siteId: number) => [...auditKeys.site(siteId), 'verify'] as const,
};
