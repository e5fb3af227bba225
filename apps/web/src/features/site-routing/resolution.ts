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
  | { readonly kind: 'showList' }
  | { readonly kind: 'wait' }
  | { readonly kind: 'redirect'; readonly to: string; readonly fallback?: true }
  | { readonly kind: 'signOut' };

/**
 * What / does (§2 "Root goes to the last visited route if stored, else the default site").
 * Decision: / is also the landing page with the site list, so
 * - after a site failed to load, / picks another default site (the remembered last-route site,
 *   else the first, else a random one, never a banned one); none left signs the user out;
 * - on a fresh start (no page shown yet in this document, e.g. just signed in or reopened at /),
 *   / goes to the stored last route unless its site is banned;
 * - otherwise (the user came back to /) it shows the site list.
 */
export function landingDecision(input: {
  fresh: boolean;
  lastRoute: string | null;
  failedSiteId?: number;
  /** The user's sites; undefined while loading. */
  sites?: readonly { readonly id: number }[];
  sitesFailed?: boolean;
  banned: readonly number[];
  random: () => number;
}): LandingDecision {
  const { fresh, lastRoute, failedSiteId, sites, banned } = input;
  if (failedSiteId !== undefined) {
    if (input.sitesFailed) return { kind: 'showList' };
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
  if (fresh && lastRoute) {
    const siteId = lastRouteSiteId(lastRoute);
    if (siteId === undefined || !banned.includes(siteId)) {
      const to = rootRedirect({ lastRoute });
      if (to !== PATHS.notFound) return { kind: 'redirect', to };
    }
  }
  return { kind: 'showList' };
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
