/**
 * GET network-links/{id}/heard: the devices a link heard whose devEUI no radio of the site has,
 * asked while they are shown and polled then, as the link keeps hearing.
 */
import { networkLinkEndpoints, type HeardDevice } from '@paddock/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api-client.ts';
import { networkLinkKeys } from './keys.ts';

/** How often shown heard devices are asked again. */
const HEARD_POLL_MS = 10_000;

function getHeardDevices(linkId: number): Promise<HeardDevice[]> {
  return callEndpoint(networkLinkEndpoints.listHeardDevices, { params: { id: linkId } });
}

function getHeardDevicesQueryOptions(siteId: number, linkId: number) {
  return queryOptions({
    queryKey: networkLinkKeys.heard(siteId, linkId),
    queryFn: () => getHeardDevices(linkId),
    refetchInterval: HEARD_POLL_MS,
  });
}

export function useHeardDevices(siteId: number, linkId: number) {
  return useQuery(getHeardDevicesQueryOptions(siteId, linkId));
}
