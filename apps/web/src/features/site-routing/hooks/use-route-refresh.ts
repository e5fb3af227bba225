import { ROUTE_REFRESH_MS } from '@paddock/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { isRouteScopedQuery } from '../resolution.ts';

/**
 * §2 "The page refreshes every 60 seconds after a route loads": while `active` (the route has
 * loaded), every ROUTE_REFRESH_MS the current site's and area's queries are invalidated, so the
 * ones on screen refetch.
 */
export function useRouteRefresh(scope: { siteId: number; areaId?: number }, active = true): void {
  const queryClient = useQueryClient();
  const { siteId, areaId } = scope;
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => {
      void queryClient.invalidateQueries({
        predicate: (query) => isRouteScopedQuery(query.queryKey, { siteId, areaId }),
      });
    }, ROUTE_REFRESH_MS);
    return () => clearInterval(timer);
  }, [queryClient, siteId, areaId, active]);
}
