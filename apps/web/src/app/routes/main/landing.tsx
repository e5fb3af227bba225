/**
 * / (§2): the landing page with the user's sites. On a fresh start it goes to the stored last
 * route; after a site failed to load it picks another default site (or signs out when none is
 * left). See `landingDecision` for the rules.
 */
import { useEffect } from 'react';
import { Navigate } from 'react-router';
import { HomeLoadingPlaceholder } from '../../../features/layout/components/home-loading-placeholder.tsx';
import { useLogout } from '../../../features/session/api/logout.ts';
import { useSession } from '../../../features/session/hooks/use-session.ts';
import { SiteList } from '../../../features/site-list/components/site-list.tsx';
import { RouteLoading } from '../../../features/site-routing/components/route-loading.tsx';
import { SitesLoadFailed } from '../../../features/site-routing/components/sites-load-failed.tsx';
import { useLandingDecision } from '../../../features/site-routing/hooks/use-landing-decision.ts';
import type { FallbackState } from '../../../features/site-routing/resolution.ts';
import { useSiteFilter } from '../../../features/site-filter/hooks/use-site-filter.ts';
import { useUserSites } from '../../../data/sites/get-sites.ts';
import { useNow } from '../../../lib/use-now.ts';

/** How often the list's "updated … ago" texts are renewed. */
const AGE_TICK_MS = 15_000;

export function Component() {
  const { uid } = useSession();
  // The list shows the sites the site filter lets through; the default site is chosen among all.
  const { filter } = useSiteFilter();
  const listed = useUserSites({ filter });
  const sites = useUserSites();
  const decision = useLandingDecision({ uid, sites: sites.data, sitesFailed: sites.isError });
  const logout = useLogout();
  const now = useNow(AGE_TICK_MS);

  // §2 Default site: "If none is available the user is signed out."
  const signOut = decision.kind === 'signOut';
  const { mutate: logOut } = logout;
  useEffect(() => {
    if (signOut) logOut();
  }, [signOut, logOut]);

  if (decision.kind === 'redirect') {
    const state: FallbackState | undefined = decision.fallback ? { fallback: true } : undefined;
    return <Navigate to={decision.to} replace state={state} />;
  }
  if (decision.kind !== 'showList') return <RouteLoading />;
  if (listed.isError) {
    return <SitesLoadFailed />;
  }
  if (!listed.data) return <HomeLoadingPlaceholder />;
  return <SiteList sites={listed.data} now={now} />;
}
