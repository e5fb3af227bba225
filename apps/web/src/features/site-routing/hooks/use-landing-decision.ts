import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { landingDecision, type LandingDecision, type SiteFailureState } from '../resolution.ts';
import { bannedSites, isFreshStart, markPageShown, readLastRoute } from '../route-memory.ts';

/**
 * What / does for this visit (see `landingDecision`): go to the last route on a fresh start, pick
 * another default site after a site failed to load, or show the site list.
 */
export function useLandingDecision(input: {
  uid: string | null;
  sites?: readonly { readonly id: number }[];
  sitesFailed: boolean;
}): LandingDecision {
  const location = useLocation();
  // Read once per visit: the landing page itself marks the page shown below.
  const [fresh] = useState(isFreshStart);
  const failedSiteId = (location.state as Partial<SiteFailureState> | null)?.failedSiteId;
  const decision = landingDecision({
    fresh,
    lastRoute: readLastRoute(input.uid),
    ...(typeof failedSiteId === 'number' ? { failedSiteId } : {}),
    ...(input.sites ? { sites: input.sites } : {}),
    sitesFailed: input.sitesFailed,
    banned: bannedSites(input.uid),
    random: Math.random,
  });
  const showingList = decision.kind === 'showList';
  useEffect(() => {
    if (showingList) markPageShown();
  }, [showingList]);
  return decision;
}
