/** POST {api}/login/reset-password/begin (§7): email, legacy; any non-ok answer is an error. */
import { authEndpoints, type ResetPasswordBeginBody } from '@paddock/domain';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client.ts';

function beginResetPassword(body: ResetPasswordBeginBody): Promise<void> {
  return callEndpoint(authEndpoints.beginPasswordReset, { body });
}

export function useBeginResetPassword() {
  return useMutation({ mutationFn: beginResetPassword });
}
