/** Pane ids and default panes (§2 Pane ids). */
import type { HardwareListView, Pane, ZoneViewPane } from '../entities/vocabulary.ts';
import { hardwareListViewSchema, zoneViewPaneSchema } from '../entities/vocabulary.ts';
import type { RoutingSite } from './inputs.ts';
import { summaryPath, usersPath } from './paths.ts';
import { PANE_IDS, type PaneId, type Route } from './route.ts';
import { areaHasTab, tabPath } from './tabs.ts';

// The numeric ids live with the routes, whose `from` query carries them (route.ts).
export { PANE_IDS, paneOfId, type PaneId } from './route.ts';

/** Irrigation panes: only the map, which is the default. */
export const IRRIGATION_PANES = ['map'] as const;
export type IrrigationPane = (typeof IRRIGATION_PANES)[number];
export const DEFAULT_IRRIGATION_PANE: IrrigationPane = 'map';

/** Options of the irrigation map: zones, the default. */
export const IRRIGATION_MAP_OPTIONS = ['zones'] as const;
export type IrrigationMapOption = (typeof IRRIGATION_MAP_OPTIONS)[number];
export const DEFAULT_IRRIGATION_MAP_OPTION: IrrigationMapOption = 'zones';

/** Zone views show these panes, in this order. */
export const ZONE_VIEW_PANES: readonly ZoneViewPane[] = zoneViewPaneSchema.options;

/** Hardware list views, in this order. */
export const HARDWARE_LIST_VIEWS: readonly HardwareListView[] = hardwareListViewSchema.options;

/** The pane the dashboard offers a site on first (§2 "Default dashboard pane irrigation"). */
export const DEFAULT_DASHBOARD_PANE: Pane = 'irrigation';
/** The pane a site opened from the dashboard lands on (§2 "detail pane summary"). */
export const DEFAULT_DETAIL_PANE: Pane = 'summary';

/**
 * Where a site's pane opens: summary and users are the site's own pages; an area pane opens on
 * the site's first area (in the site's order) that has that tab (§2 top tab bar rules).
 * Undefined when no area has it, or the site's areas are not known (GET sites lists none).
 */
export function sitePanePath(site: RoutingSite, pane: Pane): string | undefined {
  if (pane === 'summary') return summaryPath(site.id);
  if (pane === 'users') return usersPath(site.id);
  const area = site.areas?.find((candidate) => areaHasTab(candidate, pane));
  return area ? tabPath(pane, site.id, area.id) : undefined;
}

/**
 * The pane a route shows (§2 Pane ids): an area page by its module (the zone page is irrigation's,
 * things is the add-ons page), the summary and users pages by their own; other routes show none.
 */
export function routePane(route: Route): Pane | undefined {
  switch (route.kind) {
    case 'irrigation':
    case 'zone':
      return 'irrigation';
    case 'frost':
    case 'weather':
    case 'telemetry':
    case 'summary':
    case 'users':
      return route.kind;
    case 'addons':
    case 'things':
      return 'addons';
    default:
      return undefined;
  }
}

/** A place as the browser storage keeps it (§3 `site`, `area`): its id and the pane's number. */
export interface StoredPlace {
  readonly id: number;
  readonly pane: PaneId;
}

/**
 * What a route writes under the `site` and `area` storage keys (§3): the site and the area it
 * shows, each with the numeric id of the pane shown (§2 "irrigation 1 … users 7"). A route with no
 * pane (the site's default, alarms, reports) writes nothing, so the last pane stays remembered.
 */
export function storedPlaces(route: Route): { site?: StoredPlace; area?: StoredPlace } {
  const pane = routePane(route);
  if (pane === undefined || !('siteId' in route)) return {};
  const place = (id: number): StoredPlace => ({ id, pane: PANE_IDS[pane] });
  return {
    site: place(route.siteId),
    ...('areaId' in route ? { area: place(route.areaId) } : {}),
  };
}
