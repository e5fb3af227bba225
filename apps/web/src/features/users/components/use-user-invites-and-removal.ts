/**
 * Resending a user's invitation and removing a user from the site, each told in a notification
 * (a failed resend by the signup error it met, §6).
 */
import {
  INVITATION_RESEND_FAILED,
  INVITATION_RESENT,
  NOTIFICATION_LONG_DURATION_MS,
  SIGNUP_ERROR,
  signupResendErrorKey,
  type User,
} from '@paddock/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { refusalMessage } from '../../../components/ui/save-refusal.tsx';
import { useRemoveUser } from '../../../data/users/remove-user.ts';
import { useResendInvitation } from '../../../data/users/resend-invitation.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { userName } from '../users-list.ts';

export function useUserInvitesAndRemoval(siteId: number) {
  const { t } = useTranslation();
  const resend = useResendInvitation(siteId);
  const remove = useRemoveUser(siteId);
  /** The user whose removal awaits confirmation. */
  const [removing, setRemoving] = useState<User | null>(null);

  async function resendTo(user: User) {
    try {
      await resend.mutateAsync(user.id);
      notify({ level: 'info', message: t(INVITATION_RESENT) });
    } catch (error) {
      const status = isApiError(error) ? error.responseStatus : undefined;
      const key = signupResendErrorKey(status);
      notify({
        level: 'error',
        title: t(INVITATION_RESEND_FAILED),
        message: key === SIGNUP_ERROR.General && isApiError(error) ? error.message : t(key),
        autoClose: NOTIFICATION_LONG_DURATION_MS,
      });
    }
  }

  async function confirmRemove(user: User) {
    setRemoving(null);
    try {
      await remove.mutateAsync(user.id);
      notify({ level: 'info', message: t('Users.Notification.Removed', { name: userName(user) }) });
    } catch (error) {
      notify({
        level: 'error',
        title: t('Users.Notification.RemoveFailed'),
        message: refusalMessage(error, t('Users.Notification.ServerNotResponding')),
        autoClose: NOTIFICATION_LONG_DURATION_MS,
      });
    }
  }

  return { resend, remove, removing, setRemoving, resendTo, confirmRemove };
}
