import { PATHS } from '@paddock/domain';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { AuthPage } from '../../../features/auth/components/auth-page.tsx';
import { SignUpForm } from '../../../features/auth/components/signup-form.tsx';
import { resetSession } from '../../../features/session/session.ts';

/**
 * /signup?token&identityId&identityPoolId&fullName&email&siteId (§2 Invitation sign-up). The
 * server trusts only the token; fullName and email prefill the form until the status check
 * answers. identityId, identityPoolId and siteId are not needed by our API. Done → /login.
 */
export function Component() {
  const { t } = useTranslation();
  const [query] = useSearchParams();
  const navigate = useNavigate();
  const token = query.get('token')?.trim() || null;

  return (
    <AuthPage title={t('Signup.Title')} intro={t('Signup.Intro')}>
      <SignUpForm
        token={token}
        initialFullName={query.get('fullName') ?? ''}
        initialEmail={query.get('email') ?? ''}
        onCompleted={resetSession}
        onDone={() => void navigate(PATHS.login, { replace: true })}
      />
    </AuthPage>
  );
}
