import { Center, Loader, Stack, Text } from '@mantine/core';
import { afterLoginRedirect } from '@paddock/domain';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { useSession } from '../../../features/session/hooks/use-session.ts';
import { useUserSites } from '../../../data/sites/get-sites.ts';
import type { RedirectLocationState } from './login.tsx';

/**
 * /redirect (§2 "After login, redirect"): not signed in → /login; once the sites are loaded, a
 * previous path containing dashboard with one site → that site's summary; else the previous path;
 * else /. If the sites cannot be loaded the user still goes on (the pages report the failure).
 */
export function Component() {
  const { t } = useTranslation();
  const location = useLocation();
  const { loggedIn } = useSession();
  const sites = useUserSites({}, { enabled: loggedIn });
  const previousPath = ((location.state ?? {}) as RedirectLocationState).previousPath;
  const loaded = sites.isSuccess || sites.isError;
  const decision = afterLoginRedirect({
    loggedIn,
    sitesLoaded: loaded,
    siteCount: sites.data?.length ?? 0,
    firstSiteId: sites.data?.[0]?.id ?? null,
    previousPath,
  });

  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  return (
    <Center py="xl">
      <Stack align="center">
        <Loader aria-label={t('Common.Loading')} />
        <Text c="dimmed">{t('Redirect.LoadingSites')}</Text>
      </Stack>
    </Center>
  );
}
