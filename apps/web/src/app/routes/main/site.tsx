/** /{siteId} (§2): the site's default page. */
import { routeSiteId } from '@paddock/domain';
import { useSession } from '../../../features/session/hooks/use-session.ts';
import { SiteResolution } from '../../../features/site-routing/components/site-resolution.tsx';
import { useSite } from '../../../data/sites/get-site.ts';
import { useParsedRoute } from '../use-parsed-route.ts';

export function Component() {
  const route = useParsedRoute();
  const { uid } = useSession();
  const site = useSite(routeSiteId(route));
  if (route.kind !== 'site') return null; // the main layout sends other paths on
  return <SiteResolution site={site} key={route.siteId} siteId={route.siteId} uid={uid} />;
}
