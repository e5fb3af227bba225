/** POST {api}/login/account-activation/finish (§7): token, password, name; 204 on success. */
import { authEndpoints, type ActivationFinishBody } from '@paddock/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client.ts';
import { validateActivationQueryOptions } from './validate-activation.ts';

/** Rejects with the server's message and detail lines (e.g. every failed password rule). */
function finishActivation(body: ActivationFinishBody): Promise<void> {
  return callEndpoint(authEndpoints.finishActivation, { body });
}

export function useFinishActivation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: finishActivation,
    // The token is spent: forget its validation without checking it again on this page.
    onSuccess: (_data, body) =>
      queryClient.invalidateQueries({
        queryKey: validateActivationQueryOptions(body.token).queryKey,
        refetchType: 'none',
      }),
  });
}
