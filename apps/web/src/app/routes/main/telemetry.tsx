/**
 * /{siteId}/telemetry/{areaId}[/{detail}[/{detailId}]][?radio={id}|?type=unit&target={id}] (§2),
 * including the telemetry asset route /{siteId}/telemetry/{area}/{type}/{id}: the Telemetry page (issue 12).
 * Composes the user's privileges on the area (§6: control pings, install edits reporting
 * intervals), the hardware charts (the Chart pane, the detail's history) and the latest readings
 * (the Telemetry pane) with the telemetry feature.
 */
import { isPhoneUserAgent, type Area, type Site, type TelemetryRoute } from '@paddock/domain';
import { useMemo, useState } from 'react';
import {
  CHART_PANE,
  hardwareHistorySection,
} from '../../../components/hardware/hardware-chart.tsx';
import { DEFAULT_HARDWARE_PANES } from '../../../components/hardware/hardware-panes.tsx';
import { TELEMETRY_PANE } from '../../../components/hardware/hardware-telemetry.tsx';
import { useIsSiteAdmin, usePrivileges } from '../../../data/privileges/use-privileges.ts';
import { TelemetryWorkspace } from '../../../features/telemetry/components/telemetry-workspace.tsx';
import { useParsedRoute } from '../use-parsed-route.ts';
import { SiteScope } from './site-scope.tsx';
import { useSiteTimeZone } from '../../../lib/use-site-time-zone.ts';

export function Component() {
  const route = useParsedRoute();
  if (route.kind !== 'telemetry') return null; // the main layout sends others on
  return (
    <SiteScope key={`${route.siteId}/${route.areaId}`} siteId={route.siteId} areaId={route.areaId}>
      {({ site, area }) => (area ? <Telemetry site={site} area={area} route={route} /> : null)}
    </SiteScope>
  );
}

function Telemetry({ site, area, route }: { site: Site; area: Area; route: TelemetryRoute }) {
  const privileges = usePrivileges(site.id, area.id);
  const isSiteAdmin = useIsSiteAdmin(site.id);
  const [isPhone] = useState(() => isPhoneUserAgent(navigator.userAgent));
  const timeZone = useSiteTimeZone(site);
  const detailSections = useMemo(() => [hardwareHistorySection(timeZone)], [timeZone]);
  return (
    <TelemetryWorkspace
      site={site}
      area={area}
      route={route}
      canPing={privileges.has('control')}
      canInstall={privileges.has('install')}
      canSetDevEui={isSiteAdmin}
      isPhone={isPhone}
      panes={PANES}
      detailSections={detailSections}
    />
  );
}

const PANES = [...DEFAULT_HARDWARE_PANES, CHART_PANE, TELEMETRY_PANE];
