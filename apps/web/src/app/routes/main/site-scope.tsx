/**
 * Not a route: what every page under /{siteId} shares (§2 route resolution). The path's site is
 * loaded (a failure leaves by §2's rules); a path area the site does not have is a failed area
 * load and goes to /{siteId}/summary; once loaded the route refreshes every 60 s and is
 * remembered as the user's last route.
 */
import { areaLoadFailure, type Area, type Site } from '@paddock/domain';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useSession } from '../../../features/session/hooks/use-session.ts';
import { LoadedRoute } from '../../../features/site-routing/components/loaded-route.tsx';
import { SiteGate } from '../../../features/site-routing/components/site-gate.tsx';
import { useSite } from '../../../data/sites/get-site.ts';

export function SiteScope({
  siteId,
  areaId,
  children,
}: {
  siteId: number;
  areaId?: number;
  children: (scope: { site: Site; area: Area | undefined }) => ReactNode;
}) {
  const { uid } = useSession();
  const query = useSite(siteId);
  return (
    <SiteGate site={query} siteId={siteId} uid={uid}>
      {(site) => {
        const area =
          areaId === undefined ? undefined : site.areas?.find((entry) => entry.id === areaId);
        if (areaId !== undefined && !area) {
          return <Navigate to={areaLoadFailure(siteId)} replace />;
        }
        return (
          <LoadedRoute siteId={siteId} {...(areaId === undefined ? {} : { areaId })} uid={uid}>
            {children({ site, area })}
          </LoadedRoute>
        );
      }}
    </SiteGate>
  );
}
