/**
 * Starts the data a page needs as soon as the router knows the location, not after the page's
 * code has loaded and its parents have rendered. Cold, a page under the main layout otherwise
 * waits for a chain: the route chunks, the session check, the site, then the area's own calls (on
 * the Telemetry page of 200 radios the first call left 1.2 s after DOMContentLoaded). Fetched
 * here, the answers are in the query cache when the components ask for them.
 *
 * Only with a session that can be used as it is: an expired one is refreshed first by
 * RequireSession, and a call made with it would end in a 401. `ensureQueryData` fetches only
 * what the cache does not hold, so navigating within a site costs nothing. A failure is left to
 * the page's own query, which shows it.
 */
import {
  credentialsValidity,
  nextCredentialsStep,
  parseRoute,
  routeAreaId,
  routeSiteId,
} from '@paddock/domain';
import type { QueryClient } from '@tanstack/react-query';
import { getAreaSectionsQueryOptions } from '../data/areas/get-area-sections.ts';
import { getAreaRadiosQueryOptions } from '../data/radios/get-area-radios.ts';
import { getFleetQueryOptions } from '../data/fleet/get-fleet.ts';
import { getAreaSensorsQueryOptions } from '../data/sensors/get-area-sensors.ts';
import { getSiteUnitsQueryOptions } from '../data/sites/get-site-units.ts';
import { getSiteQueryOptions } from '../data/sites/get-site.ts';
import { readAuth } from '../lib/auth-storage.ts';

export function prefetchRouteData(
  queryClient: QueryClient,
  location: { pathname: string; search: string },
  now: Date = new Date(),
): void {
  const auth = readAuth();
  if (auth === null || nextCredentialsStep(credentialsValidity(auth, now), false) !== 'proceed') {
    return;
  }
  const route = parseRoute(location.pathname, location.search);
  if (route.kind === 'fleet') {
    // The fleet view has no site: its one call, across the user's sites.
    queryClient.ensureQueryData(getFleetQueryOptions()).catch(() => undefined);
    return;
  }
  const siteId = routeSiteId(route);
  if (siteId === undefined) return;
  const areaId = routeAreaId(route);
  const queries: Promise<unknown>[] = [queryClient.ensureQueryData(getSiteQueryOptions(siteId))];
  if (areaId !== undefined) {
    // The main layout's header title and every area page read the area's sections.
    queries.push(queryClient.ensureQueryData(getAreaSectionsQueryOptions(areaId)));
  }
  if ((route.kind === 'telemetry' || route.kind === 'weather') && areaId !== undefined) {
    // The hardware views' radios and units; the weather map draws the area's sensors too.
    queries.push(
      queryClient.ensureQueryData(getAreaRadiosQueryOptions(areaId)),
      queryClient.ensureQueryData(getSiteUnitsQueryOptions(siteId)),
    );
    if (route.kind === 'weather') {
      queries.push(queryClient.ensureQueryData(getAreaSensorsQueryOptions(areaId)));
    }
  }
  for (const query of queries) query.catch(() => undefined);
}
