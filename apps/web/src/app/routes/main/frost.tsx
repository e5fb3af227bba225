/**
 * /{siteId}/frost/{areaId}[/{detail}[/{detailId}]]: the frost area page (issue 15; the route is
 * ours, docs/frost.md). Composes the user's privileges on the area (§6: control pings, install
 * edits reporting intervals) and the hardware charts with the frost feature.
 */
import { isPhoneUserAgent, type Area, type FrostRoute, type Site } from '@paddock/domain';
import { useState } from 'react';
import { CHART_PANE } from '../../../components/hardware/hardware-chart.tsx';
import { DEFAULT_HARDWARE_PANES } from '../../../components/hardware/hardware-panes.tsx';
import { usePrivileges } from '../../../data/privileges/use-privileges.ts';
import { FrostWorkspace } from '../../../features/frost/components/frost-workspace.tsx';
import { useParsedRoute } from '../use-parsed-route.ts';
import { SiteScope } from './site-scope.tsx';

export function Component() {
  const route = useParsedRoute();
  if (route.kind !== 'frost') return null; // the main layout sends others on
  return (
    <SiteScope key={`${route.siteId}/${route.areaId}`} siteId={route.siteId} areaId={route.areaId}>
      {({ site, area }) => (area ? <Frost site={site} area={area} route={route} /> : null)}
    </SiteScope>
  );
}

function Frost({ site, area, route }: { site: Site; area: Area; route: FrostRoute }) {
  const privileges = usePrivileges(site.id, area.id);
  const [isPhone] = useState(() => isPhoneUserAgent(navigator.userAgent));
  return (
    <FrostWorkspace
      site={site}
      area={area}
      route={route}
      isPhone={isPhone}
      canPing={privileges.has('control')}
      canInstall={privileges.has('install')}
      hardwarePanes={PANES}
    />
  );
}

const PANES = [...DEFAULT_HARDWARE_PANES, CHART_PANE];
