/**
 * Changing a user's role on the site (§4 per-user loading state, §8 permission messages): each
 * user's last change is loading, finished or error, so two rows can change at once and each shows
 * its own state.
 */
import {
  areaRoleChange,
  NOTIFICATION_LONG_DURATION_MS,
  roleChangeFor,
  type RoleChange,
  USERS_NOTIFICATION,
  type Role,
  type User,
} from '@paddock/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUpdatePermissions } from '../../../data/permissions/update-permissions.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';

export type UserUpdateState = 'loading' | 'finished' | 'error';

export function useRoleUpdates(siteId: number) {
  const { t } = useTranslation();
  const update = useUpdatePermissions(siteId);
  const [states, setStates] = useState<Readonly<Record<number, UserUpdateState>>>({});
  const setState = (userId: number, state: UserUpdateState) =>
    setStates((current) => ({ ...current, [userId]: state }));

  /** The user's role on the site. */
  function changeRole(user: User, role: Role): Promise<void> {
    return send(user, roleChangeFor(user.privileges, role));
  }

  /** The user's role in one area; null: as on the site. */
  function changeAreaRole(user: User, areaId: number, role: Role | null): Promise<void> {
    const change = areaRoleChange(user.privileges, user.areas[String(areaId)] ?? [], role);
    return send(user, change, areaId);
  }

  async function send(user: User, change: RoleChange | null, areaId?: number): Promise<void> {
    if (!change) return;
    setState(user.id, 'loading');
    notify({ level: 'primary', message: t(USERS_NOTIFICATION.PermissionUpdating) });
    try {
      await update.mutateAsync({ userId: user.id, change, areaId });
      setState(user.id, 'finished');
      notify({ level: 'info', message: t(USERS_NOTIFICATION.PermissionUpdated) });
    } catch (error) {
      setState(user.id, 'error');
      if (isApiError(error) && error.status === 403) {
        notify({
          level: 'error',
          title: t(USERS_NOTIFICATION.NotSufficientPermission),
          message: error.message,
          autoClose: NOTIFICATION_LONG_DURATION_MS,
        });
      } else {
        notify({
          level: 'error',
          title: t(USERS_NOTIFICATION.InternalServerError),
          message: t(USERS_NOTIFICATION.ServerNotResponding),
          autoClose: NOTIFICATION_LONG_DURATION_MS,
        });
      }
    }
  }

  return { states, changeRole, changeAreaRole };
}
