/** POST {api}/login/reset-password/begin (§7): email, legacy; any non-ok answer is an error. */
import type { ResetPasswordBeginBody } from '@paddock/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export function beginResetPassword(body: ResetPasswordBeginBody): Promise<void> {
  return api.post('/login/reset-password/begin', body, { anonymous: true });
}

export function useBeginResetPassword() {
  return useMutation({ mutationFn: beginResetPassword });
}
