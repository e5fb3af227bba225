/** POST /user/change-password (§7, authenticated): the signed-in user's new password. */
import type { ChangePasswordBody } from '@paddock/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** 204; other sessions of the user end, this one stays (docs/api.md). */
export function changePassword(body: ChangePasswordBody): Promise<void> {
  return api.post('/user/change-password', body);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
