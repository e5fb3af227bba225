import { useTranslation } from 'react-i18next';
import { ActivationForm } from '../../../features/auth/components/activation-form.tsx';
import { AuthPage } from '../../../features/auth/components/auth-page.tsx';
import { useAccountLink } from '../../../features/auth/hooks/use-account-link.ts';
import { useEndSessionOnEntry } from '../../../features/session/hooks/use-end-session-on-entry.ts';

/**
 * /activateAccount?token&siteId&legacy (§2 Account activation): on load the stored credentials
 * are cleared and a logged-out event sent; then the form validates the token. 1 s after success:
 * the legacy login (legacy=true), else /{siteId} for a positive integer siteId, else /login.
 */
export function Component() {
  const { t } = useTranslation();
  const ready = useEndSessionOnEntry();
  const link = useAccountLink();

  return (
    <AuthPage title={t('Activation.Title')} intro={t('Activation.Intro')}>
      <ActivationForm token={link.token} ready={ready} onActivated={link.goOn} />
    </AuthPage>
  );
}
