/** /{siteId}/{module}/alarms (§2): resolved and checked; the workspace comes later. */
import { useTranslation } from 'react-i18next';
import { WorkspacePlaceholder } from '../../../features/site-routing/components/workspace-placeholder.tsx';
import { useParsedRoute } from '../use-parsed-route.ts';
import { SiteScope } from './site-scope.tsx';

export function Component() {
  const { t } = useTranslation();
  const route = useParsedRoute();
  if (route.kind !== 'moduleAlarms') return null; // the main layout sends other paths on
  const module = route.module === 'things' ? 'addons' : route.module;
  return (
    <SiteScope key={route.siteId} siteId={route.siteId}>
      {({ site }) => (
        <WorkspacePlaceholder
          workspace="alarms"
          siteLabel={site.label}
          selections={[t(`Workspace.Name.${module}`)]}
        />
      )}
    </SiteScope>
  );
}
