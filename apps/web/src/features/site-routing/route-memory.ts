/**
 * What route resolution remembers (§2, §3):
 * - the last visited route, stored under the `lastRoute` preference key in localStorage, per user
 *   (another user signing in on the same browser never inherits it);
 * - the banned sites: sites that failed to load in this page's lifetime, skipped by the default
 *   site choice (`pickDefaultSite`); kept in memory, per user.
 */
import { banSite, parseRoute, preferenceKeySchema, routeSiteId, type Route } from '@paddock/domain';

export const LAST_ROUTE_KEY = preferenceKeySchema.enum.lastRoute;

/** Route kinds worth coming back to: pages, not the redirect-only routes or the landing page. */
const REMEMBERED_KINDS: ReadonlySet<Route['kind']> = new Set([
  'dashboard',
  'fleet',
  'summary',
  'users',
  'maintenance',
  'reports',
  'audit',
  'playground',
  'weather',
  'telemetry',
  'irrigation',
  'addons',
  'things',
  'zone',
  'alarms',
  'moduleAlarms',
]);

/** The path to remember for a location, or null for routes that only redirect or are no page. */
export function rememberablePath(pathname: string, search = ''): string | null {
  const route = parseRoute(pathname, search);
  return REMEMBERED_KINDS.has(route.kind) ? `${pathname}${search}` : null;
}

/** Stored as every preference is (lib/preferences.ts): the user it belongs to and the value. */
interface StoredLastRoute {
  readonly uid: string;
  /** pathname + search. */
  readonly value: string;
}

/** The user's last visited route, or null (none stored, another user's, or unreadable). */
export function readLastRoute(uid: string | null): string | null {
  if (!uid) return null;
  try {
    const raw = localStorage.getItem(LAST_ROUTE_KEY);
    if (!raw) return null;
    const stored = JSON.parse(raw) as Partial<StoredLastRoute>;
    if (stored.uid !== uid || typeof stored.value !== 'string') return null;
    return rememberablePath(...splitPath(stored.value));
  } catch {
    return null;
  }
}

export function writeLastRoute(uid: string, path: string): void {
  try {
    localStorage.setItem(
      LAST_ROUTE_KEY,
      JSON.stringify({ uid, value: path } satisfies StoredLastRoute),
    );
  } catch {
    // Storage refused (private mode): the console starts on the site list next time.
  }
}

/** The site of a stored path, for `pickDefaultSite`'s remembered last-route site. */
export function lastRouteSiteId(path: string | null): number | undefined {
  return path === null ? undefined : routeSiteId(parseRoute(...splitPath(path)));
}

function splitPath(path: string): [string, string] {
  const at = path.indexOf('?');
  return at === -1 ? [path, ''] : [path.slice(0, at), path.slice(at)];
}

let banned: { uid: string | null; ids: readonly number[] } = { uid: null, ids: [] };

/** The sites that failed to load for this user since the page loaded (§2 banned list). */
export function bannedSites(uid: string | null): readonly number[] {
  return banned.uid === uid ? banned.ids : [];
}

/** §2 "Sites that fail to load join a banned list". */
export function banSiteFor(uid: string | null, siteId: number): void {
  banned = { uid, ids: banSite(bannedSites(uid), siteId) };
}

/** Tests only: forget everything kept in memory. */
export function resetRouteMemory(): void {
  banned = { uid: null, ids: [] };
}
