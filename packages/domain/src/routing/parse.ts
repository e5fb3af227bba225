/**
 * Reading a location into a `Route` (§2 Screens and routes), and what a route requires: a
 * session, a privilege, an environment.
 */
import { HARDWARE_FILTER, type HardwareFilterName } from '../constants/hardware-filter.ts';
import type { Environment, Privilege } from '../entities/vocabulary.ts';
import { isThingType } from '../entities/words.ts';
import { ROUTE_PRIVILEGES } from './guards.ts';
import {
  AREA_MODULES,
  DASHBOARD_FILTER_KEYS,
  DEEP_LINK_TYPES,
  DETAIL_NAMES,
  PUBLIC_PAGES,
  paneOfId,
  QUERY_NAMES,
  type AddonSelection,
  type AreaModule,
  type DashboardFilter,
  type DeepLinkType,
  type PublicPage,
  type Route,
  type TelemetrySelection,
} from './route.ts';
import { isOneOf } from '../entities/words.ts';

/**
 * An id in a path or a query: a positive integer written canonically. Decision: '012', '+1',
 * '1.0' and unsafe integers are refused, so every accepted path is the one `routePath` writes.
 */
export function parseId(text: string | undefined): number | undefined {
  if (text === undefined || !/^[1-9]\d*$/.test(text)) return undefined;
  const id = Number(text);
  return Number.isSafeInteger(id) ? id : undefined;
}

/** A detail name: a word, never an id (so '/4/irrigation/9/12' is unknown, not a detail '12'). */
const DETAIL_PATTERN = /^[A-Za-z][A-Za-z0-9_-]*$/;

function decode(text: string): string | undefined {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return undefined;
  }
}

/**
 * The query of a location (`?a=1&b=2` or `a=1&b=2`). Decision: the first occurrence of a name wins,
 * and a pair that does not decode is dropped.
 */
export function parseQuery(search: string): Readonly<Record<string, string>> {
  const query: Record<string, string> = {};
  const text = search.startsWith('?') ? search.slice(1) : search;
  for (const pair of text.split('&')) {
    if (pair === '') continue;
    const at = pair.indexOf('=');
    const name = decode(at === -1 ? pair : pair.slice(0, at));
    const value = decode(at === -1 ? '' : pair.slice(at + 1));
    if (name === undefined || value === undefined || name in query) continue;
    query[name] = value;
  }
  return query;
}

function dashboardFilter(query: Readonly<Record<string, string>>): DashboardFilter {
  const filter: Record<string, string> = {};
  for (const key of DASHBOARD_FILTER_KEYS) {
    const value = query[key];
    if (value !== undefined && value !== '') filter[key] = value;
  }
  return filter;
}

/**
 * Telemetry's selecting query. radio={id} or unit={id} (§2); radio wins when both are given.
 * §2 also says a unit deep link "carries a query of type and target": that is the form we write
 * (type=unit&target={id}, paths.ts), and unit={id}, written before, is still read as the same.
 */
function telemetrySelection(
  query: Readonly<Record<string, string>>,
): TelemetrySelection | undefined {
  const radio = parseId(query[QUERY_NAMES.radio]);
  if (radio !== undefined) return { type: 'radio', id: radio };
  const unit = parseId(query[QUERY_NAMES.unit]);
  if (unit !== undefined) return { type: 'unit', id: unit };
  const target = parseId(query[QUERY_NAMES.target]);
  if (query[QUERY_NAMES.type] === 'unit' && target !== undefined)
    return { type: 'unit', id: target };
  return undefined;
}

/** Add-ons' selecting query thing={id}&type={addon type} (§2); both must be valid. */
function addonSelection(query: Readonly<Record<string, string>>): AddonSelection | undefined {
  const id = parseId(query[QUERY_NAMES.thing]);
  const type = query[QUERY_NAMES.type];
  return id !== undefined && isThingType(type) ? { id, type } : undefined;
}

const HARDWARE_FILTER_NAMES = Object.keys(HARDWARE_FILTER) as HardwareFilterName[];

const UNKNOWN: Route = { kind: 'unknown' };

function parseModule(
  module: AreaModule,
  siteId: number,
  rest: readonly string[],
  query: Readonly<Record<string, string>>,
): Route {
  const [areaText, detail, detailText, ...extra] = rest;
  const areaId = parseId(areaText);
  if (areaId === undefined || extra.length > 0) return UNKNOWN;
  if (detail !== undefined && !DETAIL_PATTERN.test(detail)) return UNKNOWN;
  const detailId = parseId(detailText);
  if (detailText !== undefined && detailId === undefined) return UNKNOWN;

  if (module === 'irrigation' && detail === DETAIL_NAMES.zone && detailId !== undefined) {
    const valveId = parseId(query[QUERY_NAMES.valve]);
    return {
      kind: 'zone',
      siteId,
      areaId,
      sectionId: detailId,
      ...(valveId !== undefined ? { valveId } : {}),
    };
  }
  const page = {
    siteId,
    areaId,
    ...(detail !== undefined ? { detail } : {}),
    ...(detailId !== undefined ? { detailId } : {}),
  };
  if (module === 'telemetry') {
    const select = telemetrySelection(query);
    const filter = query[QUERY_NAMES.filter];
    const filtered = isOneOf(HARDWARE_FILTER_NAMES, filter) ? { filter } : {};
    return { kind: 'telemetry', ...page, ...(select ? { select } : {}), ...filtered };
  }
  if (module === 'addons') {
    const thing = addonSelection(query);
    return { kind: 'addons', ...page, ...(thing ? { thing } : {}) };
  }
  return { kind: module, ...page };
}

/** An audit object's kind as rows name it ('sensor', 'section'…): a lower-case word. */
const AUDIT_OBJECT_TYPE = /^[a-z][A-Za-z]{0,39}$/;

/** /{siteId}/audit, narrowed to one object when both `type` and `target` are valid. */
function auditRoute(siteId: number, query: Readonly<Record<string, string>>): Route {
  const type = query[QUERY_NAMES.type];
  const target = parseId(query[QUERY_NAMES.target]);
  return type !== undefined && AUDIT_OBJECT_TYPE.test(type) && target !== undefined
    ? { kind: 'audit', siteId, object: { type, target } }
    : { kind: 'audit', siteId };
}

/** Paths under /{siteId}/… once the site id is read. */
function parseSitePath(
  siteId: number,
  rest: readonly string[],
  query: Readonly<Record<string, string>>,
): Route {
  const [first, second, third, ...extra] = rest;
  if (first === undefined) return { kind: 'site', siteId };
  if (rest.length === 1) {
    if (first === 'summary') return { kind: 'summary', siteId };
    if (first === 'users') return { kind: 'users', siteId };
    if (first === 'maintenance') return { kind: 'maintenance', siteId };
    if (first === 'reports') return { kind: 'reports', siteId };
    if (first === 'audit') return auditRoute(siteId, query);
    if (first === 'playground') return { kind: 'playground', siteId };
  }
  if (isOneOf(AREA_MODULES, first)) {
    if (second === DETAIL_NAMES.alarms && rest.length === 2) {
      return { kind: 'moduleAlarms', siteId, module: first };
    }
    return parseModule(first, siteId, rest.slice(1), query);
  }

  const areaId = parseId(first);
  if (areaId === undefined || extra.length > 0) return UNKNOWN;
  if (second === undefined) return { kind: 'area', siteId, areaId };
  if (second === DETAIL_NAMES.alarms) {
    const fromId = parseId(query[QUERY_NAMES.from]);
    const from = fromId === undefined ? undefined : paneOfId(fromId);
    const opened = from === undefined ? {} : { from };
    if (third === undefined) return { kind: 'alarms', siteId, areaId, ...opened };
    const alarmId = parseId(third);
    return alarmId === undefined ? UNKNOWN : { kind: 'alarms', siteId, areaId, alarmId, ...opened };
  }
  const target = parseId(third);
  if (isOneOf<DeepLinkType>(DEEP_LINK_TYPES, second) && target !== undefined) {
    return { kind: 'deepLink', siteId, areaId, type: second, target };
  }
  return UNKNOWN;
}

/**
 * The route of a location (§2). Ids are positive integers; any path that matches no route of §2
 * is `unknown` (the caller sends it on with `unknownPathRedirect`). Decision: one trailing slash
 * is tolerated ('/4/' is '/4'); empty segments elsewhere make the path unknown.
 */
export function parseRoute(pathname: string, search = ''): Route {
  const trimmed = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  if (!trimmed.startsWith('/')) return UNKNOWN;
  if (trimmed === '/') return { kind: 'landing' };
  const segments = trimmed.slice(1).split('/');
  if (segments.some((segment) => segment === '')) return UNKNOWN;
  const query = parseQuery(search);

  const [first, ...rest] = segments;
  if (rest.length === 0) {
    if (isOneOf<PublicPage>(PUBLIC_PAGES, first)) return { kind: 'public', page: first };
    if (first === 'changepassword') return { kind: 'changePassword' };
    if (first === 'dashboard') return { kind: 'dashboard', filter: dashboardFilter(query) };
    if (first === 'fleet') return { kind: 'fleet' };
    if (first === 'notfound') return { kind: 'notFound' };
  }
  const siteId = parseId(first);
  return siteId === undefined ? UNKNOWN : parseSitePath(siteId, rest, query);
}

/** Public routes (§2 auth layout) need no session. */
export function isPublicRoute(route: Route): boolean {
  return route.kind === 'public';
}

/** §2: changepassword needs a valid session, and so does any path that is not public. */
export function needsSession(route: Route): boolean {
  return !isPublicRoute(route);
}

export type RouteLayout = 'auth' | 'main';

/** The public routes and changepassword are drawn in the auth layout; the rest in the main one. */
export function routeLayout(route: Route): RouteLayout {
  return route.kind === 'public' || route.kind === 'changePassword' ? 'auth' : 'main';
}

/** §2 "A zone path with a detailId is full screen on phones": the zone page /zone/{sectionId}. */
export function isFullScreenOnPhone(route: Route): boolean {
  return route.kind === 'zone';
}

/** The site a route is about, if any (§5 "A route needs a siteId the user can access"). */
export function routeSiteId(route: Route): number | undefined {
  return 'siteId' in route ? route.siteId : undefined;
}

/** The area a route is about, if any. */
export function routeAreaId(route: Route): number | undefined {
  return 'areaId' in route ? route.areaId : undefined;
}

/** The site privilege a route needs beyond a session (§2, §6; the table in guards.ts). */
export function requiredPrivilege(route: Route): Privilege | undefined {
  return ROUTE_PRIVILEGES[route.kind] ?? undefined;
}

/** Whether the route exists in this environment: the playground only in development (§2). */
export function isRouteAvailable(route: Route, environment: Environment): boolean {
  return route.kind !== 'playground' || environment === 'development';
}

export type RouteAccess = 'allowed' | 'noSiteAccess' | 'missingPrivilege' | 'unavailable';

/**
 * Whether a signed-in user may open the route: its site must be one of theirs (§5, §6), it must
 * exist in the environment, and the user must hold its privilege on that site.
 */
export function routeAccess(
  route: Route,
  user: {
    readonly siteIds: readonly number[];
    readonly sitePrivileges: readonly Privilege[];
    readonly environment: Environment;
  },
): RouteAccess {
  const siteId = routeSiteId(route);
  if (siteId !== undefined && !user.siteIds.includes(siteId)) return 'noSiteAccess';
  if (!isRouteAvailable(route, user.environment)) return 'unavailable';
  const privilege = requiredPrivilege(route);
  if (privilege !== undefined && !user.sitePrivileges.includes(privilege))
    return 'missingPrivilege';
  return 'allowed';
}
