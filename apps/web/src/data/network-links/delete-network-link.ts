/** DELETE network-links/{id}: the link goes, with what it heard; its client disconnects. */
import { networkLinkEndpoints } from '@paddock/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api-client.ts';
import { networkLinkKeys } from './keys.ts';

function deleteNetworkLink(id: number): Promise<undefined> {
  return callEndpoint(networkLinkEndpoints.deleteNetworkLink, { params: { id } });
}

export function useDeleteNetworkLink(siteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteNetworkLink(id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: networkLinkKeys.site(siteId) }),
  });
}
