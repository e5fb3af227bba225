/**
 * PUT permissions (§7): grants or revokes actions on a site for one user. The Users page sends the
 * change the domain's roleChangeFor builds for a new role; the site's users are asked again after.
 */
import { permissionEndpoints, type RoleChange } from '@paddock/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api-client.ts';
import { userKeys } from '../users/keys.ts';

export function updatePermissions(input: {
  siteId: number;
  userId: number;
  change: RoleChange;
}): Promise<undefined> {
  return callEndpoint(permissionEndpoints.updatePermissions, {
    body: {
      privilege: {
        actions: input.change.actions,
        target: { type: 'site', ids: [input.siteId] },
        allowed: input.change.allowed,
      },
      owners: [{ id: input.userId, type: 'user' }],
    },
  });
}

export function useUpdatePermissions(siteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { userId: number; change: RoleChange }) =>
      updatePermissions({ siteId, ...input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: userKeys.site(siteId) }),
  });
}
