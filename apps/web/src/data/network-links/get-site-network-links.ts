/**
 * GET sites/{id}/network-links: the site's links with their state, never their passwords. Polled
 * while shown: the ingest role connects within seconds of a save, and a link can fall silent.
 */
import { networkLinkEndpoints, type NetworkLink } from '@paddock/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api-client.ts';
import { networkLinkKeys } from './keys.ts';

/** How often the shown links (and so their connection state) are asked again. */
const LINKS_POLL_MS = 10_000;

function getSiteNetworkLinks(siteId: number): Promise<NetworkLink[]> {
  return callEndpoint(networkLinkEndpoints.listSiteNetworkLinks, { params: { id: siteId } });
}

function getSiteNetworkLinksQueryOptions(siteId: number) {
  return queryOptions({
    queryKey: networkLinkKeys.site(siteId),
    queryFn: () => getSiteNetworkLinks(siteId),
    refetchInterval: LINKS_POLL_MS,
  });
}

export function useSiteNetworkLinks(siteId: number) {
  return useQuery(getSiteNetworkLinksQueryOptions(siteId));
}
