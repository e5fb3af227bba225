/** GET sites/{id}/et0 (issue 30): each weather station's daily ET0 with what it came from. */
import { et0Endpoints, type Et0Query, type SiteEt0 } from '@paddock/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api-client.ts';
import { siteKeys } from '../sites/keys.ts';

function getSiteEt0(siteId: number, range: Et0Query): Promise<SiteEt0> {
  return callEndpoint(et0Endpoints.getSiteEt0, { params: { id: siteId }, query: range });
}

function getSiteEt0QueryOptions(siteId: number, range: Et0Query) {
  return queryOptions({
    // Under the site, so the route refresh renews it once a new day is computed.
    queryKey: [...siteKeys.detail(siteId), 'et0', range.from, range.to] as const,
    queryFn: () => getSiteEt0(siteId, range),
  });
}

export function useSiteEt0(siteId: number, range: Et0Query) {
  return useQuery(getSiteEt0QueryOptions(siteId, range));
}
