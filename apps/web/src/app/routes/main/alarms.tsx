/** /{siteId}/{areaId}/alarms[/{alarmId}] (§2): resolved and checked; the workspace comes later. */
import { useTranslation } from 'react-i18next';
import { WorkspacePlaceholder } from '../../../features/site-routing/components/workspace-placeholder.tsx';
import { useParsedRoute } from '../use-parsed-route.ts';
import { SiteScope } from './site-scope.tsx';

export function Component() {
  const { t } = useTranslation();
  const route = useParsedRoute();
  if (route.kind !== 'alarms') return null; // the main layout sends other paths on
  return (
    <SiteScope key={`${route.siteId}/${route.areaId}`} siteId={route.siteId} areaId={route.areaId}>
      {({ site, area }) => (
        <WorkspacePlaceholder
          workspace="alarms"
          siteLabel={site.label}
          {...(area ? { areaLabel: area.label } : {})}
          selections={
            route.alarmId === undefined ? [] : [t('Workspace.Alarm', { id: route.alarmId })]
          }
        />
      )}
    </SiteScope>
  );
}
