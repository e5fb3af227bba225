/** GET contacts?site={id} (§7): the site's contacts and their notifications. */
import { contactEndpoints, ROUTE_REFRESH_MS, type Contact } from '@paddock/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api-client.ts';
import { cachedQueryOptions } from '../../lib/offline-cache-queries.ts';
import { contactKeys } from './keys.ts';

function getSiteContacts(siteId: number): Promise<Contact[]> {
  return callEndpoint(contactEndpoints.listContacts, { query: { site: siteId } });
}

function getSiteContactsQueryOptions(siteId: number) {
  return cachedQueryOptions(
    queryOptions({
      queryKey: contactKeys.site(siteId),
      queryFn: () => getSiteContacts(siteId),
      refetchInterval: ROUTE_REFRESH_MS,
    }),
    { key: 'siteContacts', siteId },
  );
}

export function useSiteContacts(siteId: number | undefined) {
  return useQuery({ ...getSiteContactsQueryOptions(siteId ?? 0), enabled: siteId !== undefined });
}
