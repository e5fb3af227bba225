/**
 * PUT permissions (§7): grants or revokes actions on a site, or one of its areas, for one user. The
 * Users page sends the change the domain builds for a new role (roleChangeFor, areaRoleChange);
 * the site's users are asked again after.
 */
import { permissionEndpoints, type RoleChange } from '@paddock/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api-client.ts';
import { userKeys } from '../users/keys.ts';

/** Where a change applies: the site-level list, or the per-area list of one of its areas. */
type PermissionTarget = { type: 'site'; id: number } | { type: 'area'; id: number };

function updatePermissions(input: {
  target: PermissionTarget;
  userId: number;
  change: RoleChange;
}): Promise<undefined> {
  return callEndpoint(permissionEndpoints.updatePermissions, {
    body: {
      privilege: {
        actions: input.change.actions,
        target: { type: input.target.type, ids: [input.target.id] },
        allowed: input.change.allowed,
      },
      owners: [{ id: input.userId, type: 'user' }],
    },
  });
}

export function useUpdatePermissions(siteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { userId: number; change: RoleChange; areaId?: number }) =>
      updatePermissions({
        userId: input.userId,
        change: input.change,
        target:
          input.areaId === undefined
            ? { type: 'site', id: siteId }
            : { type: 'area', id: input.areaId },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: userKeys.site(siteId) }),
  });
}
