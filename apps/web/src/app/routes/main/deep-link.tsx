/**
 * /{siteId}/{areaId}/{type}/{target} (§2): a deep link to a radio, unit, sensor or control,
 * replaced by the telemetry, irrigation zone, add-ons or area page it belongs to.
 */
import { routeSiteId } from '@paddock/domain';
import { useSession } from '../../../features/session/hooks/use-session.ts';
import { DeepLinkResolution } from '../../../features/site-routing/components/deep-link-resolution.tsx';
import { useSite } from '../../../data/sites/get-site.ts';
import { useParsedRoute } from '../use-parsed-route.ts';

export function Component() {
  const route = useParsedRoute();
  const { uid } = useSession();
  const site = useSite(routeSiteId(route));
  if (route.kind !== 'deepLink') return null; // the main layout sends other paths on
  return (
    <DeepLinkResolution
      key={`${route.siteId}/${route.areaId}/${route.type}/${route.target}`}
      site={site}
      route={route}
      uid={uid}
    />
  );
}
