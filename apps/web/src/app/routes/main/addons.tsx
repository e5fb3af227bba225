/**
 * /{siteId}/addons/{areaId}[/{detail}[/{detailId}]][?thing={id}&type={type}] and
 * /{siteId}/things/{areaId} (§2): the Add-ons page (issue 14). Composes the user's privileges on
 * the area (§6 program: edit a program's pump actions) with the add-ons feature.
 */
import { isPhoneUserAgent } from '@paddock/domain';
import { useState } from 'react';
import { usePrivileges } from '../../../data/privileges/use-privileges.ts';
import { AddonsWorkspace } from '../../../features/addons/components/addons-workspace.tsx';
import { WaterConsentsPanel } from '../../../features/water-take/index.ts';
import { useParsedRoute } from '../use-parsed-route.ts';
import { SiteScope } from './site-scope.tsx';

export function Component() {
  const route = useParsedRoute();
  const [isPhone] = useState(() => isPhoneUserAgent(navigator.userAgent));
  if (route.kind !== 'addons' && route.kind !== 'things') return null; // the main layout sends others on
  return (
    <SiteScope key={`${route.siteId}/${route.areaId}`} siteId={route.siteId} areaId={route.areaId}>
      {({ site, area }) =>
        area ? (
          <Privileged siteId={site.id} areaId={area.id}>
            {(canEditPrograms) => (
              <>
                <AddonsWorkspace
                  site={site}
                  area={area}
                  route={route}
                  canEditPrograms={canEditPrograms}
                  isPhone={isPhone}
                />
                {/* The site's water consents and their daily files (issue 17, water take). */}
                <WaterConsentsPanel
                  siteId={site.id}
                  areaIds={(site.areas ?? []).map((entry) => entry.id)}
                  enabled
                />
              </>
            )}
          </Privileged>
        ) : null
      }
    </SiteScope>
  );
}

function Privileged({
  siteId,
  areaId,
  children,
}: {
  siteId: number;
  areaId: number;
  children: (canEditPrograms: boolean) => React.ReactNode;
}) {
  const privileges = usePrivileges(siteId, areaId);
  return <>{children(privileges.has('program'))}</>;
}
