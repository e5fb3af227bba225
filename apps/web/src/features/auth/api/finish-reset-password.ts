/** POST {api}/login/reset-password/finish (§7): token, newPassword; 204 or JSON with a message. */
import { authEndpoints, type ResetPasswordFinishBody } from '@paddock/domain';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client.ts';

function finishResetPassword(body: ResetPasswordFinishBody): Promise<void> {
  return callEndpoint(authEndpoints.finishPasswordReset, { body });
}

export function useFinishResetPassword() {
  return useMutation({ mutationFn: finishResetPassword });
}
