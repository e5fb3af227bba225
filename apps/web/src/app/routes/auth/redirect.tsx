import { Center, Loader, Stack, Text } from '@mantine/core';
import { afterLoginRedirect, PATHS } from '@paddock/domain';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import type { LoginLocationState } from '../../../features/session/components/require-session.tsx';
import { useSession } from '../../../features/session/hooks/use-session.ts';
import { failInit } from '../../../features/session/init-failure.ts';
import { useUserSites } from '../../../data/sites/get-sites.ts';
import { lastLoggedOutReason } from '../../../lib/auth-events.ts';
import type { RedirectLocationState } from './login.tsx';

/**
 * /redirect (§2 "After login, redirect"): not signed in → /login; once the sites are loaded, a
 * previous path containing dashboard with one site → that site's summary; else the previous path;
 * else /. Loading the sites is the app's init: when it fails the failure is reported, the user
 * is logged out and the login page shows the server's message or 'Error during init' (§8).
 */
export function Component() {
  const { t } = useTranslation();
  const location = useLocation();
  const { loggedIn } = useSession();
  const sites = useUserSites({}, { enabled: loggedIn });
  const previousPath = ((location.state ?? {}) as RedirectLocationState).previousPath;
  const { error } = sites;
  // Ending the session clears the queries (and this error), then the user goes to /login below.
  useEffect(() => {
    if (error) failInit(error);
  }, [error]);

  const decision = afterLoginRedirect({
    loggedIn,
    sitesLoaded: sites.isSuccess,
    siteCount: sites.data?.length ?? 0,
    firstSiteId: sites.data?.[0]?.id ?? null,
    previousPath,
  });

  if (decision.kind === 'redirect' && decision.to === PATHS.login) {
    // With why the session ended, when it did (the init failure's reason).
    const reason = lastLoggedOutReason();
    const state: LoginLocationState = {
      ...(previousPath ? { from: previousPath } : {}),
      ...(reason ? { reason } : {}),
    };
    return <Navigate to={PATHS.login} replace state={state} />;
  }
  if (decision.kind === 'redirect' && !error) return <Navigate to={decision.to} replace />;
  return (
    <Center py="xl">
      <Stack align="center">
        <Loader aria-label={t('Common.Loading')} />
        <Text c="dimmed">{t('Redirect.LoadingSites')}</Text>
      </Stack>
    </Center>
  );
}
