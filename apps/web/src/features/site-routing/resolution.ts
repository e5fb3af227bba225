/**
 * Route resolution as the console applies it (§2), composed from the domain's rules: what the
 * landing page does, what a failed site load does, where a deep link lands once its thing is
 * fetched, and which queries the 60 s route refresh reaches. Pure; the hooks feed them.
 */
import {
  FAILED_FALLBACK_PATH,
  PATHS,
  pickDefaultSite,
  resolveDeepLink,
  resolveSiteRoute,
  rootRedirect,
  schedulingMode,
  siteLoadFailure,
  sitePath,
  type Control,
  type DeepLinkRoute,
  type IrrigationType,
  type RoutingDevice,
  type RoutingSensor,
  type RoutingSite,
  type SchedulingMode,
} from '@paddock/domain';
import { lastRouteSiteId } from './route-memory.ts';

/** Router state a page leaves for / when its site failed to load (§2 "reset … and go to /"). */
export interface SiteFailureState {
  readonly failedSiteId: number;
}

/** Router state on the way to a default site picked after a failure: failing again is final. */
export interface FallbackState {
  readonly fallback: true;
}

export type LandingDecision =
  | { readonly kind: 'wait' }
  | { readonly kind: 'redirect'; readonly to: string; readonly fallback?: true }
  /** §8 boot failure on root, or no default site left after a failure: log out. */
  | { readonly kind: 'signOut' }
  /** The sites could not be asked for (no response): nothing is decided, a retry is offered. */
  | { readonly kind: 'offline' };

/**
 * What / does, on every visit (§2 "Root goes to the last visited route if stored, else the
 * default site, else /notfound"):
 * - after a site failed to load, / picks another default site (the remembered last-route site,
 *   else the first, else a random one, never a banned one); none left signs the user out (§8 "Site
 *   load failure: redirect to another default site, else /notfound, or sign out");
 * - the stored last route, unless its site is banned, without waiting for the sites (its page
 *   loads the site and leaves by the §2 failure rules);
 * - else the default site once the sites are loaded; a user with no site goes to /notfound;
 * - the sites refused with a response is §8 "Boot failure: on root, log out"; with no response
 *   at all (offline) nothing is decided, so a user offline is not signed out.
 */
export function landingDecision(input: {
  lastRoute: string | null;
  failedSiteId?: number;
  /** The user's sites; undefined while loading. */
  sites?: readonly { readonly id: number }[];
  /** The sites could not be loaded: with the server's status, or undefined with no response. */
  sitesFailure?: { readonly status: number | undefined };
  banned: readonly number[];
  random: () => number;
}): LandingDecision {
  const { lastRoute, failedSiteId, sites, sitesFailure, banned } = input;
  const failure: LandingDecision | undefined = sitesFailure
    ? { kind: sitesFailure.status === undefined ? 'offline' : 'signOut' }
    : undefined;
  if (failedSiteId !== undefined) {
    if (failure) return failure;
    if (!sites) return { kind: 'wait' };
    const choice = pickDefaultSite({
      sites,
      lastRouteSiteId: lastRouteSiteId(lastRoute),
      banned,
      random: input.random,
    });
    return choice.kind === 'site'
      ? { kind: 'redirect', to: sitePath(choice.siteId), fallback: true }
      : { kind: 'signOut' };
  }
  if (lastRoute) {
    const siteId = lastRouteSiteId(lastRoute);
    if (siteId === undefined || !banned.includes(siteId)) {
      const to = rootRedirect({ lastRoute });
      if (to !== PATHS.notFound) return { kind: 'redirect', to };
    }
  }
  if (failure) return failure;
  if (!sites) return { kind: 'wait' };
  const choice = pickDefaultSite({ sites, banned, random: input.random });
  return {
    kind: 'redirect',
    to: rootRedirect({ defaultSiteId: choice.kind === 'site' ? choice.siteId : null }),
  };
}

export type SiteFailureAction =
  | { readonly kind: 'redirect'; readonly to: string }
  /** Ban the site, reset it, and go on (with `state` for the landing page when given). */
  | { readonly kind: 'reset'; readonly to: string; readonly state?: SiteFailureState }
  /** No response at all: nothing is known about the site, so stay and offer a retry. */
  | { readonly kind: 'offline' };

/**
 * §2 failed site load: a 403 goes to /dashboard; another failure resets the site and goes to /,
 * which picks another default site; when that site was itself the fallback, /notfound (§2 "A
 * failed fallback goes to /notfound"). Decision: with no response (offline) nothing is decided,
 * so a user offline is not pushed through every site to a sign-out.
 */
export function siteFailureAction(
  status: number | undefined,
  context: { siteId: number; fallback: boolean },
): SiteFailureAction {
  if (status === undefined) return { kind: 'offline' };
  const failure = siteLoadFailure(status);
  if (failure.kind === 'redirect') return { kind: 'redirect', to: failure.to };
  return context.fallback
    ? { kind: 'reset', to: FAILED_FALLBACK_PATH }
    : { kind: 'reset', to: failure.to, state: { failedSiteId: context.siteId } };
}

/** The part of a program a valve deep link reads: each zone's irrigation type. */
export interface SchedulingProgram {
  readonly zones: readonly {
    readonly id: number;
    readonly application: { readonly irrigationType: IrrigationType };
  }[];
}

/**
 * How the area schedules the valve's zone (§4): the irrigation type of the program zone of the
 * valve's section, else of the area's first zone. Undefined when the area has no program zone.
 */
export function valveScheduling(
  programs: readonly SchedulingProgram[] | undefined,
  sectionId: number | null,
): SchedulingMode | undefined {
  const zones = (programs ?? []).flatMap((program) => program.zones);
  const zone = zones.find((candidate) => candidate.id === sectionId) ?? zones[0];
  return zone ? schedulingMode(zone.application.irrigationType) : undefined;
}

/** What a deep link has fetched; undefined means not fetched (or not found). */
export interface DeepLinkThings {
  readonly radio?: RoutingDevice | null;
  readonly control?: Pick<Control, 'id' | 'type' | 'section' | 'area'> | null;
  readonly sensors?: readonly RoutingSensor[];
  readonly units?: readonly (RoutingDevice & { readonly areas: readonly number[] })[];
  readonly programs?: readonly SchedulingProgram[];
}

/**
 * Where /{siteId}/{areaId}/{type}/{target} lands once the site and the named thing are loaded.
 * An area the site does not have goes to the site default (§2 "An unknown area goes to the same
 * default"). Decisions: a control of another area counts as not found; a unit counts only when it
 * serves the path's area.
 */
export function deepLinkTarget(input: {
  route: DeepLinkRoute;
  site: RoutingSite;
  things: DeepLinkThings;
}): string {
  const { route, site, things } = input;
  const area = site.areas?.find((candidate) => candidate.id === route.areaId);
  if (!area) {
    const resolution = resolveSiteRoute({
      pathSiteId: route.siteId,
      pathAreaId: route.areaId,
      loadedSite: site,
    });
    return resolution.kind === 'redirect' ? resolution.to : sitePath(route.siteId);
  }
  const control =
    things.control && things.control.area === route.areaId ? things.control : undefined;
  return resolveDeepLink({
    siteId: route.siteId,
    areaId: route.areaId,
    type: route.type,
    target: route.target,
    area,
    things: {
      ...(things.radio ? { radios: [things.radio] } : {}),
      ...(control ? { controls: [control] } : {}),
      ...(things.sensors ? { sensors: things.sensors } : {}),
      ...(things.units
        ? { units: things.units.filter((unit) => unit.areas.includes(route.areaId)) }
        : {}),
    },
    ...(control?.type === 'valve'
      ? { scheduling: valveScheduling(things.programs, control.section) }
      : {}),
  });
}

/**
 * The queries the route refresh (§2 "The page refreshes every 60 seconds after a route loads")
 * invalidates: everything keyed under the current site (['sites', siteId, …]) or area
 * (['areas', areaId, …]). The site record itself (['sites', siteId]) polls on its own (§7).
 */
export function isRouteScopedQuery(
  queryKey: readonly unknown[],
  scope: { readonly siteId: number; readonly areaId?: number },
): boolean {
  const [root, id] = queryKey;
  if (root === 'sites') return id === scope.siteId && queryKey.length > 2;
  if (root === 'areas') return scope.areaId !== undefined && id === scope.areaId;
  return false;
}
