/** /{siteId}/users (§2, needs viewUsers): resolved and checked; the users workspace comes later. */
import { WorkspacePlaceholder } from '../../../features/site-routing/components/workspace-placeholder.tsx';
import { useParsedRoute } from '../use-parsed-route.ts';
import { SiteScope } from './site-scope.tsx';

export function Component() {
  const route = useParsedRoute();
  if (route.kind !== 'users') return null; // the main layout sends other paths on
  return (
    <SiteScope key={route.siteId} siteId={route.siteId}>
      {({ site }) => <WorkspacePlaceholder workspace="users" siteLabel={site.label} />}
    </SiteScope>
  );
}
