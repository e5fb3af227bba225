import { PATHS } from '@paddock/domain';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { LEGACY_LOGIN_URL } from '../../../config/legacy-login.ts';
import {
  isLegacyLink,
  legacyLoginRedirect,
  type AccountRedirect,
} from '../../../features/auth/account-redirect.ts';
import { AuthPage } from '../../../features/auth/components/auth-page.tsx';
import { ChangePasswordForm } from '../../../features/auth/components/change-password-form.tsx';
import { useFollowRedirect } from '../../../features/auth/hooks/use-follow-redirect.ts';
import { RequireSession } from '../../../features/session/components/require-session.tsx';
import { useSession } from '../../../features/session/hooks/use-session.ts';
import { resetSession } from '../../../features/session/session.ts';

/** Router state of /changepassword: how the user arrived (§2 "marked external"; legacy). */
export interface ChangePasswordLocationState {
  /** Came from a recovery link (/recover): leaves through Login. */
  readonly external?: boolean;
  /** Belongs to the legacy console: leaves through its login page. */
  readonly legacy?: boolean;
}

/**
 * /changepassword (§2): needs a valid session, else goes to /. After a change, arrivals from a
 * recovery link (external) or the legacy console get a Login button, which resets the session and
 * goes to /login (legacy: the legacy login page); everyone else Continue, to /. Cancel leaves the
 * same way. Legacy comes from the router state or a `legacy=true` query.
 */
export function Component() {
  return (
    <RequireSession redirectTo={PATHS.root}>
      <ChangePasswordPage />
    </RequireSession>
  );
}

function ChangePasswordPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const [query] = useSearchParams();
  const navigate = useNavigate();
  const follow = useFollowRedirect();
  const { loginId } = useSession();
  const state = (location.state ?? {}) as ChangePasswordLocationState;
  const legacy = state.legacy === true || isLegacyLink(query.get('legacy'));
  const exit = state.external === true || legacy ? 'login' : 'continue';

  function onExit() {
    if (exit === 'continue') {
      void navigate(PATHS.root);
      return;
    }
    const target: AccountRedirect = legacy
      ? legacyLoginRedirect(LEGACY_LOGIN_URL)
      : { kind: 'route', to: PATHS.login };
    // Our login page resets the session on entry (§2 Login); another site's cannot.
    if (target.kind === 'external') resetSession();
    follow(target);
  }

  return (
    <AuthPage
      title={t('ChangePassword.Title')}
      intro={loginId && t('ChangePassword.For', { loginId })}
    >
      <ChangePasswordForm exit={exit} onExit={onExit} />
    </AuthPage>
  );
}
