/**
 * /{siteId}/{module}/{areaId}[/{detail}[/{detailId}]] (§2) for weather, telemetry, addons and
 * things (irrigation and its zone pages have their own workspace, irrigation.tsx). The site and
 * the area are resolved and checked (an area the site lacks goes to /{siteId}/summary); these
 * workspaces arrive in later work, so each shows a placeholder naming its area and selection.
 */
import type { FrostRoute, ModuleRoute, ZoneRoute } from '@paddock/domain';
import { isModuleRoute } from '@paddock/domain';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import {
  WorkspacePlaceholder,
  type Workspace,
} from '../../../features/site-routing/components/workspace-placeholder.tsx';
import { useParsedRoute } from '../use-parsed-route.ts';
import { SiteScope } from './site-scope.tsx';

export function Component() {
  const { t } = useTranslation();
  const route = useParsedRoute();
  if (!isModuleRoute(route) && route.kind !== 'zone') return null; // the main layout sends others on
  if (route.kind === 'frost') return null; // the frost page is frost.tsx
  return (
    <SiteScope key={`${route.siteId}/${route.areaId}`} siteId={route.siteId} areaId={route.areaId}>
      {({ site, area }) => (
        <WorkspacePlaceholder
          workspace={workspaceOf(route)}
          siteLabel={site.label}
          {...(area ? { areaLabel: area.label } : {})}
          selections={selections(route, t)}
        />
      )}
    </SiteScope>
  );
}

function workspaceOf(route: Exclude<ModuleRoute, FrostRoute> | ZoneRoute): Workspace {
  return route.kind === 'things' ? 'addons' : route.kind;
}

/** What the route opens on, as the placeholder lists it. */
function selections(route: ModuleRoute | ZoneRoute, t: TFunction): string[] {
  switch (route.kind) {
    case 'zone':
      return [
        t('Workspace.Zone', { id: route.sectionId }),
        ...(route.valveId === undefined ? [] : [t('Workspace.Valve', { id: route.valveId })]),
      ];
    case 'telemetry':
      return [
        ...detailOf(route),
        ...(route.select
          ? [
              t(route.select.type === 'radio' ? 'Workspace.Radio' : 'Workspace.Unit', {
                id: route.select.id,
              }),
            ]
          : []),
      ];
    case 'addons':
      return [
        ...detailOf(route),
        ...(route.thing
          ? [t('Workspace.Thing', { type: route.thing.type, id: route.thing.id })]
          : []),
      ];
    default:
      return detailOf(route);
  }
}

function detailOf(route: ModuleRoute): string[] {
  if (route.detail === undefined) return [];
  return [route.detailId === undefined ? route.detail : `${route.detail} ${route.detailId}`];
}
