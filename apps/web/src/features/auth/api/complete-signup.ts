/** POST {api}/users/sign-up/complete (§7): token, fullName, newPassword → { status: 'completed' }. */
import {
  authEndpoints,
  type SignUpCompleteBody,
  type SignUpCompleteResponse,
} from '@paddock/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client.ts';
import { signupStatusQueryOptions } from './get-signup-status.ts';

function completeSignup(body: SignUpCompleteBody): Promise<SignUpCompleteResponse> {
  return callEndpoint(authEndpoints.completeSignup, { body });
}

export function useCompleteSignup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeSignup,
    // The invitation is now completed. Not refetched here: the page already shows the outcome,
    // and a refetch would read as "already completed".
    onSuccess: (_data, body) =>
      queryClient.invalidateQueries({
        queryKey: signupStatusQueryOptions(body.token).queryKey,
        refetchType: 'none',
      }),
  });
}
