/**
 * /{siteId}/{areaId}/alarms[/{alarmId}] (§2): the area's alarms, one alarm, the site's contacts,
 * roster and messages (the alarms feature). Editing needs the edit privilege on the area (§6);
 * acknowledging is open to anyone who sees the area.
 */
import { useParsedRoute } from '../use-parsed-route.ts';
import { usePrivileges } from '../../../data/privileges/use-privileges.ts';
import { AlarmsWorkspace } from '../../../features/alarms/components/alarms-workspace.tsx';
import { SiteScope } from './site-scope.tsx';
import type { Area, Site } from '@paddock/domain';

export function Component() {
  const route = useParsedRoute();
  if (route.kind !== 'alarms') return null; // the main layout sends other paths on
  return (
    <SiteScope key={`${route.siteId}/${route.areaId}`} siteId={route.siteId} areaId={route.areaId}>
      {({ site, area }) =>
        area ? <AreaAlarmsPage site={site} area={area} alarmId={route.alarmId} /> : null
      }
    </SiteScope>
  );
}

function AreaAlarmsPage({ site, area, alarmId }: { site: Site; area: Area; alarmId?: number }) {
  const privileges = usePrivileges(site.id, area.id);
  return (
    <AlarmsWorkspace
      site={site}
      areas={[area]}
      areaPage
      {...(alarmId === undefined ? {} : { alarmId })}
      canEdit={privileges.has('edit')}
    />
  );
}
