/**
 * / (§2): goes to the stored last route, else the default site, else /notfound, on every visit;
 * after a site failed to load it picks another default site (or signs out when none is left); a
 * refused site list logs out (§8 boot failure on root). See `landingDecision` for the rules.
 */
import { useEffect } from 'react';
import { Navigate } from 'react-router';
import { HomeLoadingPlaceholder } from '../../../features/layout/components/home-loading-placeholder.tsx';
import { useLogout } from '../../../features/session/api/logout.ts';
import { useSession } from '../../../features/session/hooks/use-session.ts';
import { failInit } from '../../../features/session/init-failure.ts';
import { SitesLoadFailed } from '../../../features/site-routing/components/sites-load-failed.tsx';
import { useLandingDecision } from '../../../features/site-routing/hooks/use-landing-decision.ts';
import type { FallbackState } from '../../../features/site-routing/resolution.ts';
import { useUserSites } from '../../../data/sites/get-sites.ts';

export function Component() {
  const { uid } = useSession();
  // The default site is chosen among all the user's sites, whatever the site filter shows.
  const sites = useUserSites();
  const decision = useLandingDecision({ uid, sites: sites.data, sitesError: sites.error });
  const logout = useLogout();

  const signOut = decision.kind === 'signOut';
  const { mutate: logOut } = logout;
  const { error } = sites;
  useEffect(() => {
    if (!signOut) return;
    // §8 boot failure on root: the sites were refused, reported like an init failure.
    if (error) failInit(error);
    else logOut();
  }, [signOut, error, logOut]);

  if (decision.kind === 'redirect') {
    const state: FallbackState | undefined = decision.fallback ? { fallback: true } : undefined;
    return <Navigate to={decision.to} replace state={state} />;
  }
  if (decision.kind === 'offline') return <SitesLoadFailed />;
  return <HomeLoadingPlaceholder />;
}
