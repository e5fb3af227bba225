/** POST users/{userId}/resend-activation-email (§7): a new invitation link; earlier ones stop. */
import { userEndpoints } from '@paddock/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api-client.ts';
import { userKeys } from './keys.ts';

function resendInvitation(userId: number, siteId: number): Promise<undefined> {
  return callEndpoint(userEndpoints.resendActivationEmail, {
    params: { userId },
    body: { siteId },
  });
}

/** The signup status becomes 'resent': the list is asked again. */
export function useResendInvitation(siteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => resendInvitation(userId, siteId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: userKeys.site(siteId) }),
  });
}
