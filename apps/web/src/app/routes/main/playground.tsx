/**
 * /{siteId}/playground (§2): only in the development environment; elsewhere the path is unknown
 * and goes to /. The playground itself comes later.
 */
import { isRouteAvailable, unknownPathRedirect } from '@paddock/domain';
import { Navigate, useLocation } from 'react-router';
import { WorkspacePlaceholder } from '../../../features/site-routing/components/workspace-placeholder.tsx';
import { getAppConfig } from '../../../lib/app-config.ts';
import { useParsedRoute } from '../use-parsed-route.ts';
import { SiteScope } from './site-scope.tsx';

export function Component() {
  const route = useParsedRoute();
  const { pathname } = useLocation();
  if (route.kind !== 'playground') return null; // the main layout sends other paths on
  if (!isRouteAvailable(route, getAppConfig().environment)) {
    return <Navigate to={unknownPathRedirect(pathname)} replace />;
  }
  return (
    <SiteScope key={route.siteId} siteId={route.siteId}>
      {({ site }) => <WorkspacePlaceholder workspace="playground" siteLabel={site.label} />}
    </SiteScope>
  );
}
