/**
 * Route guards (§2, §6): the site privilege each page needs beyond a session and access to its
 * site, and what the console does when the user opens a page they may not: the page is refused
 * before it loads anything, by the route rules, rather than shown with a load error.
 */
import type { Privilege } from '../entities/vocabulary.ts';
import { PATHS } from './paths.ts';
import type { Route, RouteKind } from './route.ts';

/**
 * The site privilege each kind of page needs (null: none beyond a session and the site).
 * §2 "{siteId}/users (needs the viewUsers site privilege)"; §6 "Which screen needs which privilege
 * beyond the above: not shown". Decision: every other page is a viewing page whose edits are
 * offered inside it by privilege (edit, program, control), so a monitor sees it without them; a
 * page that exists only to edit takes 'edit' here. A record, so a new kind of page must say.
 */
export const ROUTE_PRIVILEGES: Readonly<Record<RouteKind, Privilege | null>> = {
  public: null,
  changePassword: null,
  landing: null,
  dashboard: null,
  fleet: null,
  notFound: null,
  site: null,
  area: null,
  deepLink: null,
  summary: null,
  users: 'viewUsers',
  maintenance: null,
  reports: null,
  // Site admins and support staff: no one privilege says it, so the page itself refuses others.
  audit: null,
  weather: null,
  telemetry: null,
  irrigation: null,
  frost: null,
  addons: null,
  things: null,
  zone: null,
  alarms: null,
  moduleAlarms: null,
  playground: null,
  unknown: null,
};

/** Where a refused page sends the user: the 404 page, which says missing permission may be why. */
export const REFUSED_ROUTE_PATH = PATHS.notFound;

export type RouteGuard =
  | { readonly kind: 'allow' }
  /** The page needs a privilege and the user's site privileges are not known yet. */
  | { readonly kind: 'wait' }
  | {
      readonly kind: 'refuse';
      readonly to: typeof REFUSED_ROUTE_PATH;
      /** The privilege the user lacks on the route's site. */
      readonly missing: Privilege;
    };

/**
 * Whether the console opens the route for a user holding `sitePrivileges` on the route's site
 * (undefined while they load). §6 "403 means insufficient permission", and "The 404 page hints
 * that missing permission can cause not-found": a page the user may not open goes to /notfound,
 * replacing the refused path. A page needing nothing opens at once, without waiting.
 */
export function guardRoute(
  route: Route,
  sitePrivileges: readonly Privilege[] | undefined,
): RouteGuard {
  const needed = ROUTE_PRIVILEGES[route.kind];
  if (needed === null) return { kind: 'allow' };
  if (sitePrivileges === undefined) return { kind: 'wait' };
  return sitePrivileges.includes(needed)
    ? { kind: 'allow' }
    : { kind: 'refuse', to: REFUSED_ROUTE_PATH, missing: needed };
}
