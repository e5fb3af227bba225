/**
 * The path builder of §2 and a named builder for every main route, so a path is spelled in one
 * place. `routePath` is the inverse of `parseRoute` (parse.ts).
 */
import type { HardwareFilterName } from '../constants/sorting.ts';
import type { Pane, ThingType } from '../entities/vocabulary.ts';
import {
  DASHBOARD_FILTER_KEYS,
  DETAIL_NAMES,
  PANE_IDS,
  QUERY_NAMES,
  type AddonSelection,
  type AreaModule,
  type DashboardFilter,
  type DeepLinkType,
  type PublicPage,
  type Route,
  type TelemetrySelection,
} from './route.ts';

export type PathPart = string | number;
export type QueryValue = string | number | null | undefined;
export type Query = Readonly<Record<string, QueryValue>>;

/** The parts of §2 "/{siteId}/{subject}/{areaId}/{zoneId}/{detail}/{detailId}/{action}/{actionId}". */
export interface PathParts {
  readonly siteId?: PathPart | null;
  readonly subject?: PathPart | null;
  readonly areaId?: PathPart | null;
  readonly zoneId?: PathPart | null;
  readonly detail?: PathPart | null;
  readonly detailId?: PathPart | null;
  readonly action?: PathPart | null;
  readonly actionId?: PathPart | null;
  /** `?{query}={queryId}&…` in the object's key order. */
  readonly query?: Query;
}

const PATH_PART_ORDER = [
  'siteId',
  'subject',
  'areaId',
  'zoneId',
  'detail',
  'detailId',
  'action',
  'actionId',
] as const satisfies readonly (keyof PathParts)[];

/** Decision: undefined, null and '' are absent; 0 is a value (it is the caller's to refuse). */
function isPresent<T>(value: T | null | undefined | ''): value is T {
  return value !== undefined && value !== null && value !== '';
}

/** `?a=1&b=2` from the present entries of `query`, in key order; '' when none is present. */
export function buildQuery(query: Query | undefined): string {
  if (!query) return '';
  const pairs = Object.entries(query)
    .filter((entry): entry is [string, string | number] => isPresent(entry[1]))
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`);
  return pairs.length === 0 ? '' : `?${pairs.join('&')}`;
}

/**
 * §2 path builder. Absent parts are skipped, so `{siteId: 4, areaId: 9}` is '/4/9' and no part at
 * all is '/'. Parts are URI-encoded.
 */
export function buildPath(parts: PathParts): string {
  const segments = PATH_PART_ORDER.map((name) => parts[name])
    .filter(isPresent)
    .map((part) => encodeURIComponent(String(part)));
  return `/${segments.join('/')}${buildQuery(parts.query)}`;
}

/** Fixed paths: the main routes without ids and every public route (§2). */
export const PATHS = {
  root: '/',
  dashboard: '/dashboard',
  notFound: '/notfound',
  login: '/login',
  recover: '/recover',
  resetPassword: '/resetPassword',
  recoverpassword: '/recoverpassword',
  signup: '/signup',
  activateAccount: '/activateAccount',
  redirect: '/redirect',
  /** In the auth layout, but needs a valid session (§2). */
  changepassword: '/changepassword',
} as const satisfies Record<
  PublicPage | 'root' | 'dashboard' | 'notFound' | 'changepassword',
  string
>;

/** /dashboard with its filters as query parameters (§2). */
export function dashboardPath(filter: DashboardFilter = {}): string {
  const query = Object.fromEntries(DASHBOARD_FILTER_KEYS.map((key) => [key, filter[key]]));
  return `${PATHS.dashboard}${buildQuery(query)}`;
}

/** The fleet view (issue 33 item 4): the attention list across the user's sites. */
export function fleetPath(): string {
  return '/fleet';
}

/** /{siteId}: the site default page (§2). */
export function sitePath(siteId: number): string {
  return buildPath({ siteId });
}

/** /{siteId}/{areaId}: the area default page (§2). */
export function areaPath(siteId: number, areaId: number): string {
  return buildPath({ siteId, areaId });
}

export function summaryPath(siteId: number): string {
  return buildPath({ siteId, subject: 'summary' });
}

/** Needs the viewUsers site privilege (§2, §6). */
export function usersPath(siteId: number): string {
  return buildPath({ siteId, subject: 'users' });
}

/**
 * The site-wide maintenance worklist (issue 12): a subject with no area, like summary and users,
 * so it cannot read as an area's detail segment (docs/maintenance.md).
 */
export function maintenancePath(siteId: number): string {
  return buildPath({ siteId, subject: 'maintenance' });
}

/** The site's reports and exports (issue 17): site-wide, like maintenance (docs/reports.md). */
export function reportsPath(siteId: number): string {
  return buildPath({ siteId, subject: 'reports' });
}

/** The site's audit log (issue 33 item 3), or one object's rows of it (its History's link). */
export function auditPath(siteId: number, object?: { type: string; target: number }): string {
  return buildPath({
    siteId,
    subject: 'audit',
    ...(object
      ? { query: { [QUERY_NAMES.type]: object.type, [QUERY_NAMES.target]: object.target } }
      : {}),
  });
}

/** Only in the development environment (§2). */
export function playgroundPath(siteId: number): string {
  return buildPath({ siteId, subject: 'playground' });
}

/** /{siteId}/{areaId}/{type}/{target}: resolved to a page by `resolveDeepLink` (§2). */
export function deepLinkPath(link: {
  siteId: number;
  areaId: number;
  type: DeepLinkType;
  target: number;
}): string {
  return buildPath({
    siteId: link.siteId,
    areaId: link.areaId,
    detail: link.type,
    detailId: link.target,
  });
}

export interface ModulePathInput {
  readonly siteId: number;
  readonly areaId: number;
  readonly detail?: string;
  /** Only written when `detail` is. */
  readonly detailId?: number;
  readonly query?: Query;
}

/** /{siteId}/{module}/{areaId}[/{detail}[/{detailId}]][?query] (§2). */
export function modulePath(module: AreaModule, input: ModulePathInput): string {
  const detail = isPresent(input.detail) ? input.detail : undefined;
  return buildPath({
    siteId: input.siteId,
    subject: module,
    areaId: input.areaId,
    detail,
    detailId: detail === undefined ? undefined : input.detailId,
    ...(input.query ? { query: input.query } : {}),
  });
}

export function weatherPath(input: ModulePathInput): string {
  return modulePath('weather', input);
}

/**
 * The selecting query of telemetry (§2): radio={id} for a radio; for a unit the deep link's "query
 * of type and target", type=unit&target={id} (parse.ts still reads the older unit={id}).
 */
function telemetrySelectionQuery(select: TelemetrySelection | undefined): Query {
  if (!select) return {};
  return select.type === 'radio'
    ? { [QUERY_NAMES.radio]: select.id }
    : { [QUERY_NAMES.type]: select.type, [QUERY_NAMES.target]: select.id };
}

/**
 * Telemetry (maintenance), optionally opening on a radio or a unit (§2), and with the hardware
 * list's filter (§2 path builder's `filter`).
 */
export function telemetryPath(
  input: ModulePathInput & { select?: TelemetrySelection; filter?: HardwareFilterName },
): string {
  const { select, filter, ...rest } = input;
  return modulePath('telemetry', {
    ...rest,
    query: { ...rest.query, ...telemetrySelectionQuery(select), [QUERY_NAMES.filter]: filter },
  });
}

/** Telemetry asset route /{siteId}/telemetry/{area}/{type}/{id} (§2): a telemetry detail. */
export function telemetryAssetPath(asset: {
  siteId: number;
  areaId: number;
  type: DeepLinkType;
  id: number;
}): string {
  return telemetryPath({
    siteId: asset.siteId,
    areaId: asset.areaId,
    detail: asset.type,
    detailId: asset.id,
  });
}

export function irrigationPath(input: ModulePathInput): string {
  return modulePath('irrigation', input);
}

/** The frost area page (docs/frost.md): /{siteId}/frost/{areaId}[/{detail}[/{detailId}]]. */
export function frostPath(input: ModulePathInput): string {
  return modulePath('frost', input);
}

/** Add-ons, optionally opening on one add-on: thing={id}&type={addon type} (§2). */
export function addonsPath(input: ModulePathInput & { thing?: AddonSelection }): string {
  const { thing, ...rest } = input;
  const selection: Query = thing
    ? { [QUERY_NAMES.thing]: thing.id, [QUERY_NAMES.type]: thing.type satisfies ThingType }
    : {};
  return modulePath('addons', { ...rest, query: { ...rest.query, ...selection } });
}

export function thingsPath(input: ModulePathInput): string {
  return modulePath('things', input);
}

/** /{siteId}/irrigation/{areaId}/zone/{sectionId}[?valve={id}] (§2). */
export function zonePath(zone: {
  siteId: number;
  areaId: number;
  sectionId: number;
  valveId?: number;
}): string {
  return irrigationPath({
    siteId: zone.siteId,
    areaId: zone.areaId,
    detail: DETAIL_NAMES.zone,
    detailId: zone.sectionId,
    query: { [QUERY_NAMES.valve]: zone.valveId },
  });
}

/**
 * /{siteId}/{areaId}/alarms[/{alarmId}][?from={pane id}] (§2): `from` names the pane the alarms
 * are opened from, so Back returns there.
 */
export function alarmsPath(alarms: {
  siteId: number;
  areaId: number;
  alarmId?: number;
  from?: Pane;
}): string {
  return buildPath({
    siteId: alarms.siteId,
    areaId: alarms.areaId,
    detail: DETAIL_NAMES.alarms,
    detailId: alarms.alarmId,
    query: { [QUERY_NAMES.from]: alarms.from === undefined ? undefined : PANE_IDS[alarms.from] },
  });
}

/** /{siteId}/{module}/alarms (§2). */
export function moduleAlarmsPath(siteId: number, module: AreaModule): string {
  return buildPath({ siteId, subject: module, detail: DETAIL_NAMES.alarms });
}

/** The path of a parsed route: `parseRoute(routePath(r))` gives `r` back. Unknown goes to '/'. */
export function routePath(route: Route): string {
  switch (route.kind) {
    case 'public':
      return PATHS[route.page];
    case 'changePassword':
      return PATHS.changepassword;
    case 'landing':
    case 'unknown':
      return PATHS.root;
    case 'dashboard':
      return dashboardPath(route.filter);
    case 'fleet':
      return fleetPath();
    case 'notFound':
      return PATHS.notFound;
    case 'site':
      return sitePath(route.siteId);
    case 'area':
      return areaPath(route.siteId, route.areaId);
    case 'deepLink':
      return deepLinkPath(route);
    case 'summary':
      return summaryPath(route.siteId);
    case 'users':
      return usersPath(route.siteId);
    case 'maintenance':
      return maintenancePath(route.siteId);
    case 'reports':
      return reportsPath(route.siteId);
    case 'audit':
      return auditPath(route.siteId, route.object);
    case 'playground':
      return playgroundPath(route.siteId);
    case 'telemetry':
      return telemetryPath(route);
    case 'addons':
      return addonsPath(route);
    case 'weather':
    case 'irrigation':
    case 'frost':
    case 'things':
      return modulePath(route.kind, route);
    case 'zone':
      return zonePath(route);
    case 'alarms':
      return alarmsPath(route);
    case 'moduleAlarms':
      return moduleAlarmsPath(route.siteId, route.module);
  }
}
