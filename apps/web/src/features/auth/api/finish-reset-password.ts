/** POST {api}/login/reset-password/finish (§7): token, newPassword; 204 or JSON with a message. */
import type { ResetPasswordFinishBody } from '@paddock/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export function finishResetPassword(body: ResetPasswordFinishBody): Promise<void> {
  return api.post('/login/reset-password/finish', body, { anonymous: true });
}

export function useFinishResetPassword() {
  return useMutation({ mutationFn: finishResetPassword });
}
