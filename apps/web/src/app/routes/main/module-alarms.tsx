/**
 * /{siteId}/{module}/alarms (§2): the alarms of every area of the module (the areas that have
 * its tab; things is add-ons' second spelling), with the site's contacts, roster and messages.
 * Editing needs the site's edit privilege (§6).
 */
import { areaHasTab, type AreaModule, type Site } from '@paddock/domain';
import { usePrivileges } from '../../../data/privileges/use-privileges.ts';
import { AlarmsWorkspace } from '../../../features/alarms/components/alarms-workspace.tsx';
import { useParsedRoute } from '../use-parsed-route.ts';
import { SiteScope } from './site-scope.tsx';

export function Component() {
  const route = useParsedRoute();
  if (route.kind !== 'moduleAlarms') return null; // the main layout sends other paths on
  return (
    <SiteScope key={route.siteId} siteId={route.siteId}>
      {({ site }) => <ModuleAlarmsPage site={site} module={route.module} />}
    </SiteScope>
  );
}

function ModuleAlarmsPage({ site, module }: { site: Site; module: AreaModule }) {
  const privileges = usePrivileges(site.id);
  const tab = module === 'things' ? 'addons' : module;
  const areas = [...(site.areas ?? [])]
    .filter((area) => areaHasTab(area, tab))
    .sort((a, b) => a.label.localeCompare(b.label));
  return (
    <AlarmsWorkspace site={site} areas={areas} areaPage={false} canEdit={privileges.has('edit')} />
  );
}
