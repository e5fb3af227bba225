import { Center, Loader, Stack, Text } from '@mantine/core';
import { afterLoginRedirect, PATHS } from '@paddock/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import type { LoginLocationState } from '../../../features/session/components/require-session.tsx';
import { useSession } from '../../../features/session/hooks/use-session.ts';
import { failInit } from '../../../features/session/init-failure.ts';
import { useUserSites } from '../../../data/sites/get-sites.ts';
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
  // Set once the init failed: the reason the login page shows.
  const [initFailed, setInitFailed] = useState<string | null>(null);
  const { error } = sites;
  useEffect(() => {
    if (error && initFailed === null) setInitFailed(failInit(error));
  }, [error, initFailed]);

  const decision = afterLoginRedirect({
    loggedIn,
    sitesLoaded: sites.isSuccess,
    siteCount: sites.data?.length ?? 0,
    firstSiteId: sites.data?.[0]?.id ?? null,
    previousPath,
  });

  if (initFailed !== null) {
    const state: LoginLocationState = {
      ...(previousPath ? { from: previousPath } : {}),
      reason: initFailed,
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
