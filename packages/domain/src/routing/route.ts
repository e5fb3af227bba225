/**
 * Every route of the console (§2 Screens and routes) as a discriminated union, plus the closed
 * words that appear in paths and queries.
 */
import type { HardwareFilterName } from '../constants/sorting.ts';
import type { MetaType, Pane, ThingType } from '../entities/vocabulary.ts';
import { isOneOf } from '../entities/words.ts';

/** Public routes (§2, auth layout): reachable without a session. */
export const PUBLIC_PAGES = [
  'login',
  'recover',
  'resetPassword',
  'recoverpassword',
  'signup',
  'activateAccount',
  'redirect',
] as const;
export type PublicPage = (typeof PUBLIC_PAGES)[number];

/**
 * Per-area modules, each at /{siteId}/{module}/{areaId}. `things` is the second spelling of the
 * add-ons page (§2 "also /{siteId}/things/{areaId}"). `frost` is ours: §2 gives frost a pane id
 * (2) and stored frost panes but no route, so it follows the other modules
 * (/{siteId}/frost/{areaId}[/{detail}[/{detailId}]], docs/frost.md).
 */
export const AREA_MODULES = [
  'weather',
  'telemetry',
  'irrigation',
  'frost',
  'addons',
  'things',
] as const;
export type AreaModule = (typeof AREA_MODULES)[number];

/** Meta types a deep link /{siteId}/{areaId}/{type}/{target} may name (§2). */
export const DEEP_LINK_TYPES = [
  'radio',
  'unit',
  'sensor',
  'control',
] as const satisfies readonly MetaType[];
export type DeepLinkType = (typeof DEEP_LINK_TYPES)[number];

/** Detail names of §2 ("include alarms and list"), plus zone, the irrigation zone page. */
export const DETAIL_NAMES = { alarms: 'alarms', list: 'list', zone: 'zone' } as const;

/**
 * Query names the routes use (§2): from (the pane a page was opened from, by its id) and filter
 * (a list's filter); valve for the zone page; radio and unit select on telemetry (a unit as
 * type=unit&target={id}, the deep link's form, see parse.ts); thing and type select on add-ons;
 * country, region and application filter the dashboard.
 */
export const QUERY_NAMES = {
  from: 'from',
  filter: 'filter',
  valve: 'valve',
  radio: 'radio',
  unit: 'unit',
  thing: 'thing',
  type: 'type',
  target: 'target',
  country: 'country',
  region: 'region',
  application: 'application',
} as const;
export type QueryName = (typeof QUERY_NAMES)[keyof typeof QUERY_NAMES];

/**
 * Numeric pane ids (§2 Pane ids), as stored in preferences (telemetryPane, modulePane…) and
 * written in the `from` query of a page opened from another pane.
 */
export const PANE_IDS = {
  irrigation: 1,
  /** Frost has a pane id but no route of its own; see `areaPage`. */
  frost: 2,
  addons: 3,
  telemetry: 4,
  summary: 5,
  weather: 6,
  users: 7,
} as const satisfies Record<Pane, number>;
export type PaneId = (typeof PANE_IDS)[Pane];

/** The pane of a stored id, or undefined for an id §2 does not name. */
export function paneOfId(id: number): Pane | undefined {
  return (Object.keys(PANE_IDS) as Pane[]).find((pane) => PANE_IDS[pane] === id);
}

/** Dashboard filters as query parameters (§2); values as stored (semicolon-separated lists). */
export interface DashboardFilter {
  readonly country?: string;
  readonly region?: string;
  readonly application?: string;
}
export const DASHBOARD_FILTER_KEYS = [
  'country',
  'region',
  'application',
] as const satisfies readonly (keyof DashboardFilter)[];

/** The radio or unit a telemetry page opens with (§2 "optional query radio={id} or unit={id}"). */
export interface TelemetrySelection {
  readonly type: 'radio' | 'unit';
  readonly id: number;
}

/** The add-on an add-ons page opens with (§2 "thing={target}&type={addon type}"). */
export interface AddonSelection {
  readonly id: number;
  readonly type: ThingType;
}

interface SiteScoped {
  readonly siteId: number;
}
interface AreaScoped extends SiteScoped {
  readonly areaId: number;
}
/** /{siteId}/{module}/{areaId}[/{detail}[/{detailId}]] */
interface ModulePage extends AreaScoped {
  readonly detail?: string;
  readonly detailId?: number;
}

export type PublicRoute = { readonly kind: 'public'; readonly page: PublicPage };
export type ChangePasswordRoute = { readonly kind: 'changePassword' };
export type LandingRoute = { readonly kind: 'landing' };
export type DashboardRoute = { readonly kind: 'dashboard'; readonly filter: DashboardFilter };
/**
 * /fleet (issue 33 item 4): what needs a person now across the user's sites. Ours; like the
 * dashboard, it is about no one site.
 */
export type FleetRoute = { readonly kind: 'fleet' };
export type NotFoundRoute = { readonly kind: 'notFound' };
export type SiteRoute = { readonly kind: 'site' } & SiteScoped;
export type AreaRoute = { readonly kind: 'area' } & AreaScoped;
export type DeepLinkRoute = {
  readonly kind: 'deepLink';
  readonly type: DeepLinkType;
  readonly target: number;
} & AreaScoped;
export type SummaryRoute = { readonly kind: 'summary' } & SiteScoped;
export type UsersRoute = { readonly kind: 'users' } & SiteScoped;
/** /{siteId}/maintenance: the site-wide maintenance worklist (issue 12; docs/maintenance.md). */
export type MaintenanceRoute = { readonly kind: 'maintenance' } & SiteScoped;
/**
 * /{siteId}/reports: the site's reports and exports (issue 17; docs/reports.md). A site-wide
 * subject like summary and maintenance: a report's scope (area, things) is picked on the page.
 */
export type ReportsRoute = { readonly kind: 'reports' } & SiteScoped;
/**
 * /{siteId}/audit[?type=…&target=…]: the site's audit log (issue 33 item 3), for site admins and
 * support staff; `object` narrows it to one object's rows, as an object's History links to it.
 */
export type AuditRoute = {
  readonly kind: 'audit';
  readonly object?: { readonly type: string; readonly target: number };
} & SiteScoped;
export type WeatherRoute = { readonly kind: 'weather' } & ModulePage;
export type TelemetryRoute = {
  readonly kind: 'telemetry';
  readonly select?: TelemetrySelection;
  /** The hardware list's filter (`?filter=all|warning|fault`), so a filtered list is a link. */
  readonly filter?: HardwareFilterName;
} & ModulePage;
export type IrrigationRoute = { readonly kind: 'irrigation' } & ModulePage;
/**
 * /{siteId}/frost/{areaId}[/{detail}[/{detailId}]]: the frost area page. Details: list, map,
 * hardware (the main pane), fan/{sensorId} (a fan selected), explorer (the frost explorer).
 */
export type FrostRoute = { readonly kind: 'frost' } & ModulePage;
export type AddonsRoute = { readonly kind: 'addons'; readonly thing?: AddonSelection } & ModulePage;
export type ThingsRoute = { readonly kind: 'things' } & ModulePage;
export type ZoneRoute = {
  readonly kind: 'zone';
  readonly sectionId: number;
  readonly valveId?: number;
} & AreaScoped;
export type AlarmsRoute = {
  readonly kind: 'alarms';
  readonly alarmId?: number;
  /**
   * The pane the alarms were opened from (`?from={pane id}`, §2 path builder), where Back
   * returns: the summary, or the area's page the alarm was listed on.
   */
  readonly from?: Pane;
} & AreaScoped;
export type ModuleAlarmsRoute = {
  readonly kind: 'moduleAlarms';
  readonly module: AreaModule;
} & SiteScoped;
export type PlaygroundRoute = { readonly kind: 'playground' } & SiteScoped;
export type UnknownRoute = { readonly kind: 'unknown' };

export type ModuleRoute =
  WeatherRoute | TelemetryRoute | IrrigationRoute | FrostRoute | AddonsRoute | ThingsRoute;

export type Route =
  | PublicRoute
  | ChangePasswordRoute
  | LandingRoute
  | DashboardRoute
  | FleetRoute
  | NotFoundRoute
  | SiteRoute
  | AreaRoute
  | DeepLinkRoute
  | SummaryRoute
  | UsersRoute
  | MaintenanceRoute
  | ReportsRoute
  | AuditRoute
  | ModuleRoute
  | ZoneRoute
  | AlarmsRoute
  | ModuleAlarmsRoute
  | PlaygroundRoute
  | UnknownRoute;

export type RouteKind = Route['kind'];

export function isModuleRoute(route: Route): route is ModuleRoute {
  return isOneOf(AREA_MODULES, route.kind);
}
