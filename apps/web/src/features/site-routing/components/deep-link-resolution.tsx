import type { DeepLinkRoute, Site } from '@paddock/domain';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { useDeepLinkTarget } from '../hooks/use-deep-link.ts';
import { RouteLoading } from './route-loading.tsx';
import { SiteGate } from './site-gate.tsx';

/**
 * /{siteId}/{areaId}/{type}/{target} (§2 redirect route): loads the site and the thing, then
 * replaces the location with the page it belongs to.
 */
export function DeepLinkResolution({
  site: query,
  route,
  uid,
}: {
  /** The path's site query (GET sites/{id}). */
  site: UseQueryResult<Site>;
  route: DeepLinkRoute;
  uid: string | null;
}) {
  return (
    <SiteGate site={query} siteId={route.siteId} uid={uid}>
      {(site) => <Resolve route={route} site={site} />}
    </SiteGate>
  );
}

function Resolve({ route, site }: { route: DeepLinkRoute; site: Site }) {
  const { t } = useTranslation();
  const target = useDeepLinkTarget(route, site);
  if (target === null) return <RouteLoading label={t('SiteRouting.OpeningLink')} />;
  return <Navigate to={target} replace />;
}
