/** POST /user/change-password (§7, authenticated): the signed-in user's new password. */
import { authEndpoints, type ChangePasswordBody } from '@paddock/domain';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client.ts';

/** 204; other sessions of the user end, this one stays (docs/api.md). */
function changePassword(body: ChangePasswordBody): Promise<void> {
  return callEndpoint(authEndpoints.changePassword, { body });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
