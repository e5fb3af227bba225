import { useLocation } from 'react-router';
import { isApiError } from '../../../lib/api-client.ts';
import { landingDecision, type LandingDecision, type SiteFailureState } from '../resolution.ts';
import { bannedSites, readLastRoute } from '../route-memory.ts';

/**
 * What / does on this visit (see `landingDecision`): the last route, else the default site, else
 * /notfound; after a site failed to load, another default site.
 */
export function useLandingDecision(input: {
  uid: string | null;
  sites?: readonly { readonly id: number }[];
  /** The sites query's error, when it failed. */
  sitesError: unknown;
}): LandingDecision {
  const location = useLocation();
  const failedSiteId = (location.state as Partial<SiteFailureState> | null)?.failedSiteId;
  const { sitesError } = input;
  return landingDecision({
    lastRoute: readLastRoute(input.uid),
    ...(typeof failedSiteId === 'number' ? { failedSiteId } : {}),
    ...(input.sites ? { sites: input.sites } : {}),
    ...(sitesError
      ? {
          // A response that does not match the schema is a failed load, not a network failure.
          sitesFailure: { status: isApiError(sitesError) ? sitesError.responseStatus : 500 },
        }
      : {}),
    banned: bannedSites(input.uid),
    random: Math.random,
  });
}
