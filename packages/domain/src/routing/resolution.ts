/**
 * Route resolution (§2): where a site, an area or a deep link lands, which site is the default,
 * and where the user goes after login, on a failed load or on an unknown path.
 */
import type { SchedulingMode } from '../states/zone.ts';
import type { AreaType, ControlType, SensorType, ThingType } from '../entities/vocabulary.ts';
import type {
  RoutingArea,
  RoutingControl,
  RoutingDevice,
  RoutingSensor,
  RoutingSite,
} from './inputs.ts';
import {
  addonsPath,
  areaPath,
  modulePath,
  PATHS,
  sitePath,
  summaryPath,
  telemetryPath,
  zonePath,
} from './paths.ts';
import type { AreaModule, DeepLinkType } from './route.ts';

/** §3: an area of type water, or with an empty type, is a water (add-ons) area. */
export function isWaterArea(type: AreaType): boolean {
  return type === 'water' || type === '';
}

/** The module an area's page is in. */
export type AreaPage = Extract<AreaModule, 'irrigation' | 'frost' | 'addons' | 'telemetry'>;

/**
 * §2 "Water or empty-type areas map to addons; irrigation maps to irrigation." Decision: frost
 * maps to frost, the frost area page (docs/frost.md): §2 names no frost route but gives frost a
 * pane id (2), and a frost area's own page is where its fans are.
 */
export function areaPage(type: AreaType): AreaPage {
  if (type === 'irrigation') return 'irrigation';
  if (type === 'frost') return 'frost';
  if (isWaterArea(type)) return 'addons';
  return 'telemetry';
}

/** The page of one area: /{siteId}/{areaPage}/{areaId}. */
export function areaPagePath(siteId: number, area: Pick<RoutingArea, 'id' | 'type'>): string {
  return modulePath(areaPage(area.type), { siteId, areaId: area.id });
}

/**
 * §2 "With no area in the path: go to the site summary if there is more than one irrigation or
 * water area, or if the first area is irrigation with capabilities beyond weather; otherwise go
 * to the first area page." Decisions: irrigation and water areas are counted together (one of
 * each is two, so summary); "first" is the first in the site's own order; a site without areas
 * goes to its summary.
 */
export function defaultSitePage(site: RoutingSite): string {
  const areas = site.areas ?? [];
  const mainAreas = areas.filter((area) => area.type === 'irrigation' || isWaterArea(area.type));
  const first = areas[0];
  if (first === undefined || mainAreas.length > 1) return summaryPath(site.id);
  const beyondWeather = first.capabilities.some((capability) => capability !== 'weather');
  if (first.type === 'irrigation' && beyondWeather) return summaryPath(site.id);
  return areaPagePath(site.id, first);
}

export type SiteRouteResolution =
  | { readonly kind: 'none' }
  | { readonly kind: 'redirect'; readonly to: string }
  | { readonly kind: 'loadSite'; readonly siteId: number };

/**
 * §2 resolution of /{siteId} and /{siteId}/{areaId}. No redirect while the loaded site is not the
 * path's (then it is loaded, §4 route bootstrap) or has no areas; a known area goes to its page;
 * no area or an unknown area goes to the site default.
 */
export function resolveSiteRoute(input: {
  pathSiteId: number;
  pathAreaId?: number;
  loadedSite?: RoutingSite | null;
}): SiteRouteResolution {
  const { pathSiteId, pathAreaId, loadedSite } = input;
  if (!loadedSite || loadedSite.id !== pathSiteId) return { kind: 'loadSite', siteId: pathSiteId };
  const areas = loadedSite.areas ?? [];
  if (areas.length === 0) return { kind: 'none' };
  const area = areas.find((candidate) => candidate.id === pathAreaId);
  return {
    kind: 'redirect',
    to: area ? areaPagePath(pathSiteId, area) : defaultSitePage(loadedSite),
  };
}

export type SiteLoadFailure =
  | { readonly kind: 'redirect'; readonly to: typeof PATHS.dashboard }
  | { readonly kind: 'resetSite'; readonly to: typeof PATHS.root };

/**
 * §2: a 403 on site fetch sends the user to /dashboard; any other failure resets the current site
 * and goes to /. The caller also bans the site (`banSite`) so the default site skips it.
 */
export function siteLoadFailure(status: number | undefined): SiteLoadFailure {
  return status === 403
    ? { kind: 'redirect', to: PATHS.dashboard }
    : { kind: 'resetSite', to: PATHS.root };
}

/** §2 "A failed area load goes to /{siteId}/summary." */
export function areaLoadFailure(siteId: number): string {
  return summaryPath(siteId);
}

/** §2 "A failed fallback goes to /notfound": the default site could not be loaded either. */
export const FAILED_FALLBACK_PATH = PATHS.notFound;

/**
 * The thing type an add-on deep link selects with, or null when the control is no add-on. A valve
 * waters a zone; pumps, add-on valves and pivots are add-ons.
 */
export const CONTROL_ADDON_TYPES = {
  valve: null,
  pump: 'pump',
  valveAddon: 'valve-addon',
  pivot: 'pivot',
} as const satisfies Record<ControlType, ThingType | null>;

/**
 * The thing type an add-on deep link selects with, or null when the sensor is no add-on.
 * Decision (§2 names no list): add-ons are what the Add-ons tab's capabilities cover (soil
 * moisture, pump, water, things). Temperature, wind, humidity, air and solar sensors are weather
 * or frost measurements, not add-ons, so their deep links go to the area page.
 */
export const SENSOR_ADDON_TYPES = {
  soilMoisture: 'soilMoisture',
  pump: 'pump',
  temperature: null,
  external: 'external',
  combine: 'combine',
  watermeter: 'waterMeter',
  rainbucket: 'rain',
  power: 'power',
  pressure: 'pressure',
  level: 'level',
  wind: null,
  humidity: null,
  air: null,
  solar: null,
} as const satisfies Record<SensorType, ThingType | null>;

export interface DeepLinkInput {
  readonly siteId: number;
  readonly areaId: number;
  readonly type: DeepLinkType;
  readonly target: number;
  /** The path's area, when loaded; its type decides the fallback area page. */
  readonly area?: Pick<RoutingArea, 'id' | 'type'> | null;
  /** The area's things as loaded; missing lists mean "not found". */
  readonly things: {
    readonly controls?: readonly RoutingControl[];
    readonly sensors?: readonly RoutingSensor[];
    readonly radios?: readonly RoutingDevice[];
    readonly units?: readonly RoutingDevice[];
  };
  /** How the area's program schedules (§4); valve-based adds ?valve= to a valve's zone page. */
  readonly scheduling?: SchedulingMode;
}

/**
 * §2 Redirect route: where /{siteId}/{areaId}/{type}/{target} lands.
 * - a sensor or control that is an add-on: add-ons with thing={target}&type={addon thing type};
 * - a valve: the irrigation zone page of its section, with valve={target} when the area schedules
 *   by valve (a valve without a section goes to the area page);
 * - a radio or a unit: telemetry with radio={target}, or type=unit&target={target}, if found,
 *   else telemetry;
 * - anything else (not found, not an add-on): the area page. Decision: when the area is not
 *   loaded that is /{siteId}/{areaId}, which resolves once it is.
 */
export function resolveDeepLink(input: DeepLinkInput): string {
  const { siteId, areaId, type, target, things } = input;
  const areaFallback = input.area
    ? areaPagePath(siteId, { id: areaId, type: input.area.type })
    : areaPath(siteId, areaId);
  const addon = (thingType: ThingType | null): string | undefined =>
    thingType === null
      ? undefined
      : addonsPath({ siteId, areaId, thing: { id: target, type: thingType } });

  switch (type) {
    case 'sensor': {
      const sensor = things.sensors?.find((candidate) => candidate.id === target);
      return (sensor && addon(SENSOR_ADDON_TYPES[sensor.type])) ?? areaFallback;
    }
    case 'control': {
      const control = things.controls?.find((candidate) => candidate.id === target);
      if (!control) return areaFallback;
      if (control.type === 'valve') {
        if (control.section === null) return areaFallback;
        return zonePath({
          siteId,
          areaId,
          sectionId: control.section,
          ...(input.scheduling === 'valve' ? { valveId: control.id } : {}),
        });
      }
      return addon(CONTROL_ADDON_TYPES[control.type]) ?? areaFallback;
    }
    case 'radio':
    case 'unit': {
      const devices = type === 'radio' ? things.radios : things.units;
      const found = devices?.some((candidate) => candidate.id === target) ?? false;
      return telemetryPath({ siteId, areaId, ...(found ? { select: { type, id: target } } : {}) });
    }
  }
}

export type DefaultSite =
  { readonly kind: 'site'; readonly siteId: number } | { readonly kind: 'signOut' };

/**
 * §2 Default site: the remembered last-route site unless banned; otherwise the first site;
 * otherwise a random non-banned one; none left signs the user out. Decisions: the remembered
 * site must be one of the user's sites (§6 site access); a banned first site is skipped.
 * `random` returns a number in [0, 1), like Math.random.
 */
export function pickDefaultSite(input: {
  sites: readonly { readonly id: number }[];
  lastRouteSiteId?: number | null;
  banned: readonly number[];
  random: () => number;
}): DefaultSite {
  const { sites, lastRouteSiteId, banned, random } = input;
  const allowed = sites.filter((site) => !banned.includes(site.id));
  const remembered = allowed.find((site) => site.id === lastRouteSiteId);
  if (remembered) return { kind: 'site', siteId: remembered.id };
  const first = sites[0];
  if (first && !banned.includes(first.id)) return { kind: 'site', siteId: first.id };
  if (allowed.length === 0) return { kind: 'signOut' };
  const index = Math.min(allowed.length - 1, Math.max(0, Math.floor(random() * allowed.length)));
  const chosen = allowed[index] ?? allowed[0];
  return chosen ? { kind: 'site', siteId: chosen.id } : { kind: 'signOut' };
}

/** §2 "Sites that fail to load join a banned list and are skipped." Returns a new list. */
export function banSite(banned: readonly number[], siteId: number): readonly number[] {
  return banned.includes(siteId) ? banned : [...banned, siteId];
}

/**
 * §2 "Root goes to the last visited route if stored, else the default site, else /notfound."
 * Decision: a stored last route of '/' (or '') counts as none, which would loop.
 */
export function rootRedirect(input: {
  lastRoute?: string | null;
  defaultSiteId?: number | null;
}): string {
  const { lastRoute, defaultSiteId } = input;
  if (lastRoute && lastRoute !== PATHS.root) return lastRoute;
  if (defaultSiteId !== undefined && defaultSiteId !== null) return sitePath(defaultSiteId);
  return PATHS.notFound;
}

export type AfterLogin =
  | { readonly kind: 'redirect'; readonly to: string }
  /** Signed in, sites still loading (the app is initialised if needed); decide once loaded. */
  | { readonly kind: 'waitForSites' };

/**
 * §2 After login (/redirect): not logged in → /login; once sites are loaded, a previous path
 * containing dashboard with exactly one site → /{siteId}/summary; else the previous path; else /.
 * Decision: a previous path of /login or /redirect counts as none, which would loop.
 */
export function afterLoginRedirect(input: {
  loggedIn: boolean;
  sitesLoaded: boolean;
  siteCount: number;
  firstSiteId?: number | null;
  previousPath?: string | null;
}): AfterLogin {
  const { loggedIn, sitesLoaded, siteCount, firstSiteId, previousPath } = input;
  if (!loggedIn) return { kind: 'redirect', to: PATHS.login };
  if (!sitesLoaded) return { kind: 'waitForSites' };
  const previous =
    previousPath && previousPath !== PATHS.login && previousPath !== PATHS.redirect
      ? previousPath
      : undefined;
  if (previous?.includes('dashboard') && siteCount === 1 && firstSiteId != null) {
    return { kind: 'redirect', to: summaryPath(firstSiteId) };
  }
  return { kind: 'redirect', to: previous ?? PATHS.root };
}

/** §2 Login: on success go to /redirect, keeping the previous path unless it is /login. */
export function loginSuccessTarget(previousPath?: string | null): {
  readonly to: typeof PATHS.redirect;
  readonly previousPath?: string;
} {
  return previousPath && previousPath !== PATHS.login
    ? { to: PATHS.redirect, previousPath }
    : { to: PATHS.redirect };
}

/**
 * §2 "A user with fewer than 2 sites is sent to /{siteId}/summary" from the dashboard. Decision:
 * with no site at all there is no summary, so the user goes to / (which signs out, see
 * `pickDefaultSite`).
 */
export function dashboardRedirect(
  sites: readonly { readonly id: number }[],
): { readonly kind: 'none' } | { readonly kind: 'redirect'; readonly to: string } {
  if (sites.length >= 2) return { kind: 'none' };
  const only = sites[0];
  return { kind: 'redirect', to: only ? summaryPath(only.id) : PATHS.root };
}

/**
 * §2 "A path starting with dashboard goes to /dashboard"; "Any unknown path redirects to /".
 * Decision: "starting with" is literal on the path after its slashes, so /dashboard/x and
 * /dashboards both go to /dashboard.
 */
export function unknownPathRedirect(pathname: string): string {
  return pathname.replace(/^\/+/, '').startsWith('dashboard') ? PATHS.dashboard : PATHS.root;
}
