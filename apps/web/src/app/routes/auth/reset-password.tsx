import { useTranslation } from 'react-i18next';
import { AuthPage } from '../../../features/auth/components/auth-page.tsx';
import { ResetPasswordForm } from '../../../features/auth/components/reset-password-form.tsx';
import { useAccountLink } from '../../../features/auth/hooks/use-account-link.ts';
import { useEndSessionOnEntry } from '../../../features/session/hooks/use-end-session-on-entry.ts';

/**
 * /resetPassword?token&siteId&legacy (§2 Reset password), the page of the emailed reset link. It
 * follows the activation pattern: the stored credentials are cleared on load (the reset ends every
 * session anyway), and 1 s after success it goes to the legacy login (legacy=true), else
 * /{siteId}, else /login.
 */
export function Component() {
  const { t } = useTranslation();
  useEndSessionOnEntry();
  const link = useAccountLink();

  return (
    <AuthPage title={t('ResetPassword.Title')} intro={t('ResetPassword.Intro')}>
      <ResetPasswordForm token={link.token} onReset={link.goOn} />
    </AuthPage>
  );
}
