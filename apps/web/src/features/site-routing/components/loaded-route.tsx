import type { ReactNode } from 'react';
import { useRememberRoute } from '../hooks/use-remember-route.ts';
import { useRouteRefresh } from '../hooks/use-route-refresh.ts';

/**
 * Wraps a page whose route has loaded (§2 load state Complete): from now on its site's and area's
 * data refresh every 60 s, and the route is remembered as the user's last route.
 */
export function LoadedRoute({
  siteId,
  areaId,
  uid,
  children,
}: {
  siteId: number;
  areaId?: number;
  uid: string | null;
  children: ReactNode;
}) {
  useRouteRefresh(areaId === undefined ? { siteId } : { siteId, areaId });
  useRememberRoute(uid);
  return children;
}
