import { Center, Loader } from '@mantine/core';
import { PATHS } from '@paddock/domain';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { lastLoggedOutReason } from '../../../lib/auth-events.ts';
import { useSession } from '../hooks/use-session.ts';
import { ensureValidSession, type SessionCheck } from '../session.ts';

/** Router state of /login: where to go back to (§4 "with the previous path and query"). */
export interface LoginLocationState {
  readonly from?: string;
  /** Why the session ended, e.g. 'Invalid Credentials' (a translation key). */
  readonly reason?: string;
}

/** The /login state for the current location. */
export function loginStateFor(location: { pathname: string; search: string }): LoginLocationState {
  const reason = lastLoggedOutReason();
  return { from: `${location.pathname}${location.search}`, ...(reason ? { reason } : {}) };
}

/**
 * Renders its children only with a valid session (§2 "Any other path needs a valid session"; §4
 * "Session validated at start"); otherwise sends the user to /login, keeping the path and query to
 * come back to — or to `redirectTo` when given (§2 changepassword: "if the session is invalid go
 * to /"). A session that ends while checking still goes to /login through the logged-out event.
 */
export function RequireSession({
  children,
  redirectTo,
}: {
  children: ReactNode;
  redirectTo?: string;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const { auth } = useSession();
  // The last check's result; a refreshed token re-checks without hiding the page meanwhile.
  const [check, setCheck] = useState<SessionCheck | null>(null);

  useEffect(() => {
    if (auth === null) return;
    let cancelled = false;
    void ensureValidSession().then((result) => {
      if (!cancelled) setCheck(result);
    });
    return () => {
      cancelled = true;
    };
  }, [auth]);

  if (auth === null || check === 'none' || check === 'ended') {
    if (redirectTo !== undefined) return <Navigate to={redirectTo} replace />;
    return <Navigate to={PATHS.login} replace state={loginStateFor(location)} />;
  }
  if (check === null) {
    return (
      <Center h="100vh">
        <Loader aria-label={t('Common.Loading')} />
      </Center>
    );
  }
  return children;
}
