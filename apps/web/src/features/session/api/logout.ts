/** POST /user/logout (ours, docs/api.md): the server forgets the session, then the browser does. */
import { authEndpoints } from '@paddock/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client.ts';
import { emitAuthEvent } from '../../../lib/auth-events.ts';
import { clearAuth, readAuth } from '../../../lib/auth-storage.ts';

/** Ends the session on the server (best effort: offline or expired still logs out here). */
async function logout(): Promise<void> {
  if (readAuth()) {
    await callEndpoint(authEndpoints.logout, {}).catch(() => undefined);
  }
  clearAuth();
  emitAuthEvent({ type: 'loggedOut' });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSettled: () => queryClient.clear(),
  });
}
