/**
 * /{siteId}/irrigation/{areaId} and its zone pages /zone/{sectionId}[?valve={id}] (§2): the
 * irrigation workspace (issue 6). Composes the user's privileges on the site and area (§6) with
 * the irrigation feature; other details under the area show the area page.
 */
import type { Area, Site } from '@paddock/domain';
import { canReadAudit } from '../../../data/audit/can-read-audit.ts';
import { usePrivileges } from '../../../data/privileges/use-privileges.ts';
import { IrrigationWorkspace } from '../../../features/irrigation/components/irrigation-workspace.tsx';
import { useParsedRoute } from '../use-parsed-route.ts';
import { SiteScope } from './site-scope.tsx';

export function Component() {
  const route = useParsedRoute();
  if (route.kind !== 'irrigation' && route.kind !== 'zone') return null; // the main layout sends others on
  return (
    <SiteScope key={`${route.siteId}/${route.areaId}`} siteId={route.siteId} areaId={route.areaId}>
      {({ site, area }) =>
        area ? (
          <Irrigation
            site={site}
            area={area}
            {...(route.kind === 'zone'
              ? {
                  sectionId: route.sectionId,
                  ...(route.valveId === undefined ? {} : { valveId: route.valveId }),
                }
              : {})}
          />
        ) : null
      }
    </SiteScope>
  );
}

function Irrigation({
  site,
  area,
  sectionId,
  valveId,
}: {
  site: Site;
  area: Area;
  sectionId?: number;
  valveId?: number;
}) {
  // Until the privileges are known no control is offered (§6: a monitor sees none).
  const privileges = usePrivileges(site.id, area.id);
  return (
    <IrrigationWorkspace
      site={site}
      area={area}
      {...(sectionId === undefined ? {} : { sectionId })}
      {...(valveId === undefined ? {} : { valveId })}
      canProgram={privileges.has('program')}
      canControl={privileges.has('control')}
      canEdit={privileges.has('edit')}
      canReadAudit={privileges.known && canReadAudit(privileges.held)}
    />
  );
}
