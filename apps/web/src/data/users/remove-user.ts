/** DELETE sites/{siteId}/users/{userId}: the user's access to the site ends at once. */
import { userEndpoints } from '@paddock/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api-client.ts';
import { userKeys } from './keys.ts';

function removeUser(siteId: number, userId: number): Promise<undefined> {
  return callEndpoint(userEndpoints.removeSiteUser, { params: { siteId, userId } });
}

export function useRemoveUser(siteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => removeUser(siteId, userId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: userKeys.site(siteId) }),
  });
}
