/**
 * /{siteId}/weather/{areaId}[/{detail}[/{detailId}]] (§2): the Weather page (issue 14). Composes
 * the user's privileges on the area (§6: control pings, install edits reporting intervals) and
 * the site's time zone with the weather feature.
 */
import { isPhoneUserAgent, type Area, type Site, type WeatherRoute } from '@paddock/domain';
import { useState } from 'react';
import { useIsSiteAdmin, usePrivileges } from '../../../data/privileges/use-privileges.ts';
import { WeatherWorkspace } from '../../../features/weather/components/weather-workspace.tsx';
import { useParsedRoute } from '../use-parsed-route.ts';
import { SiteScope } from './site-scope.tsx';
import { useSiteTimeZone } from '../../../lib/use-site-time-zone.ts';

export function Component() {
  const route = useParsedRoute();
  if (route.kind !== 'weather') return null; // the main layout sends others on
  return (
    <SiteScope key={`${route.siteId}/${route.areaId}`} siteId={route.siteId} areaId={route.areaId}>
      {({ site, area }) => (area ? <Weather site={site} area={area} route={route} /> : null)}
    </SiteScope>
  );
}

function Weather({ site, area, route }: { site: Site; area: Area; route: WeatherRoute }) {
  const privileges = usePrivileges(site.id, area.id);
  const isSiteAdmin = useIsSiteAdmin(site.id);
  const [isPhone] = useState(() => isPhoneUserAgent(navigator.userAgent));
  const timeZone = useSiteTimeZone(site);
  return (
    <WeatherWorkspace
      site={site}
      area={area}
      route={route}
      timeZone={timeZone}
      canPing={privileges.has('control')}
      canInstall={privileges.has('install')}
      canSetDevEui={isSiteAdmin}
      isPhone={isPhone}
    />
  );
}
