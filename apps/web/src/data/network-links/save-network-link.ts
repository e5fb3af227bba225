/**
 * POST sites/{id}/network-links and PUT network-links/{id}: a link added or changed. On PUT a
 * password left out of the body keeps the stored one, null removes it.
 */
import { networkLinkEndpoints, type NetworkLink, type NetworkLinkBody } from '@paddock/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api-client.ts';
import { networkLinkKeys } from './keys.ts';

function createNetworkLink(siteId: number, body: NetworkLinkBody): Promise<NetworkLink> {
  return callEndpoint(networkLinkEndpoints.createSiteNetworkLink, {
    params: { id: siteId },
    body,
  });
}

function updateNetworkLink(id: number, body: NetworkLinkBody): Promise<NetworkLink> {
  return callEndpoint(networkLinkEndpoints.updateNetworkLink, { params: { id }, body });
}

export function useCreateNetworkLink(siteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NetworkLinkBody) => createNetworkLink(siteId, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: networkLinkKeys.site(siteId) }),
  });
}

export function useUpdateNetworkLink(siteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: NetworkLinkBody }) =>
      updateNetworkLink(id, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: networkLinkKeys.site(siteId) }),
  });
}
