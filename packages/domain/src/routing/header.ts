/** Header and sidebar rules (§2 Header and sidebar). */
import { RECENT_SITES } from '../constants/timing.ts';
import type { RecentSiteEntry } from '../entities/preferences.ts';
import type { Privilege } from '../entities/vocabulary.ts';
import type { RoutingArea } from './inputs.ts';
import { ROUTE_PRIVILEGES } from './guards.ts';
import type { Pane } from '../entities/vocabulary.ts';
import {
  alarmsPath,
  areaPath,
  irrigationPath,
  modulePath,
  sitePath,
  summaryPath,
  usersPath,
} from './paths.ts';
import { DETAIL_NAMES, isModuleRoute, type Route } from './route.ts';
import { areaHasTab, type AreaTabId, tabPath } from './tabs.ts';

/** The labels known so far; an absent label means it is still loading. */
export interface HeaderContext {
  readonly siteLabel?: string | null;
  readonly areaLabel?: string | null;
  /** The label of the zone (section) on the zone page. */
  readonly zoneLabel?: string | null;
}

export type HeaderTitle =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'loading' }
  /** Routes outside a site (landing, not found, auth pages) have no title. */
  | { readonly kind: 'none' };

/** An alarms page: /{siteId}/{areaId}/alarms[/{id}] or a module page whose detail is alarms. */
function isAreaAlarmsPage(route: Route): boolean {
  return route.kind === 'alarms' || (isModuleRoute(route) && route.detail === DETAIL_NAMES.alarms);
}

function labelled(
  label: string | null | undefined,
  format: (label: string) => string,
): HeaderTitle {
  return label === undefined || label === null
    ? { kind: 'loading' }
    : { kind: 'text', text: format(label) };
}

/**
 * §2 Title: Dashboard, a loading indicator, 'Zone {label}', the area label (plus ' - Alarms'), or
 * the site label. Area pages show the area label; site-wide pages (site, summary, users,
 * playground, and decision: /{siteId}/{module}/alarms, which has no area) the site label.
 */
export function headerTitle(route: Route, context: HeaderContext): HeaderTitle {
  switch (route.kind) {
    case 'dashboard':
      return { kind: 'text', text: 'Dashboard' };
    case 'fleet':
      return { kind: 'text', text: 'Fleet' };
    case 'zone':
      return labelled(context.zoneLabel, (label) => `Zone ${label}`);
    case 'area':
    case 'deepLink':
    case 'alarms':
    case 'weather':
    case 'telemetry':
    case 'irrigation':
    case 'frost':
    case 'addons':
    case 'things':
      return labelled(context.areaLabel, (label) =>
        isAreaAlarmsPage(route) ? `${label} - Alarms` : label,
      );
    case 'site':
    case 'summary':
    case 'users':
    case 'maintenance':
    case 'reports':
    case 'audit':
    case 'playground':
    case 'moduleAlarms':
      return labelled(context.siteLabel, (label) => label);
    case 'public':
    case 'changePassword':
    case 'landing':
    case 'notFound':
    case 'unknown':
      return { kind: 'none' };
  }
}

export type HeaderLeading =
  /** The menu icon, toggling the sidebar. */
  { readonly kind: 'menu' } | { readonly kind: 'back'; readonly to: string };

/** The page of `pane` for the site and area of an alarms page: where its `from` returns. */
function paneOfArea(pane: Pane, siteId: number, areaId: number): string {
  if (pane === 'summary') return summaryPath(siteId);
  if (pane === 'users') return usersPath(siteId);
  return modulePath(pane, { siteId, areaId });
}

/**
 * §2: on zone or alarms pages a back arrow replaces the menu icon. Zone returns to the area
 * (its irrigation page), alarm detail to the alarm list, alarms to the area. Decisions: alarms
 * opened from another pane (the `from` query: the summary, the area's telemetry page) return to
 * it; a module page whose detail is alarms behaves the same within its module;
 * /{siteId}/{module}/alarms returns to the site.
 */
export function headerLeading(route: Route): HeaderLeading {
  switch (route.kind) {
    case 'zone':
      return { kind: 'back', to: irrigationPath({ siteId: route.siteId, areaId: route.areaId }) };
    case 'alarms':
      return {
        kind: 'back',
        to:
          route.from !== undefined
            ? paneOfArea(route.from, route.siteId, route.areaId)
            : route.alarmId === undefined
              ? areaPath(route.siteId, route.areaId)
              : alarmsPath({ siteId: route.siteId, areaId: route.areaId }),
      };
    case 'moduleAlarms':
      return { kind: 'back', to: sitePath(route.siteId) };
    default:
      if (isModuleRoute(route) && route.detail === DETAIL_NAMES.alarms) {
        const area = { siteId: route.siteId, areaId: route.areaId };
        const to =
          route.detailId === undefined
            ? modulePath(route.kind, area)
            : modulePath(route.kind, { ...area, detail: DETAIL_NAMES.alarms });
        return { kind: 'back', to };
      }
      return { kind: 'menu' };
  }
}

/**
 * §2 "A Summary button shows except on summary and dashboard." Decision: it also needs a site to
 * summarise, so routes outside a site never show it.
 */
export function showSummaryButton(route: Route): boolean {
  return 'siteId' in route && route.kind !== 'summary';
}

/**
 * §2 user menu Support: the external support site, its FAQ page unless on an irrigation path.
 * Decisions: an irrigation path has an 'irrigation' segment; the FAQ is {supportBaseUrl}/faq and
 * on irrigation paths the link is the support site itself.
 */
export function supportLink(pathname: string, supportBaseUrl: string): string {
  const base = supportBaseUrl.replace(/\/+$/, '');
  const onIrrigation = pathname.split('/').includes('irrigation');
  return onIrrigation ? base : `${base}/faq`;
}

/**
 * The user menu's Fleet link (issue 33 item 4): for users with more than one site, and for
 * support staff (the internal privilege), who look after every site.
 */
export function showFleetLink(siteCount: number, privileges: readonly Privilege[]): boolean {
  return siteCount > 1 || privileges.includes('internal');
}

/** §2 Sidebar: the Dashboard link shows with more than one site. */
export function showDashboardLink(siteCount: number): boolean {
  return siteCount > 1;
}

/** §2 Sidebar: an area's entries in this order, each shown by the same rule as its tab. */
export const SIDEBAR_AREA_ENTRIES = [
  'addons',
  'irrigation',
  'frost',
  'weather',
  'telemetry',
] as const satisfies readonly AreaTabId[];

export interface SidebarArea {
  readonly areaId: number;
  readonly label: string;
  readonly entries: readonly { readonly entry: AreaTabId; readonly path: string }[];
}

const LABEL_ORDER = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/**
 * §2 Sidebar: per area (sorted by label, expandable if several) entries AddOns, Irrigation,
 * Weather, Telemetry. Decision: labels compare case-insensitively with numbers in numeric order
 * ('Block 2' before 'Block 10'); equal labels keep id order.
 */
export function sidebarAreaEntries(
  siteId: number,
  areas: readonly RoutingArea[],
): { readonly expandable: boolean; readonly areas: readonly SidebarArea[] } {
  const sorted = [...areas].sort((a, b) => LABEL_ORDER.compare(a.label, b.label) || a.id - b.id);
  return {
    expandable: areas.length > 1,
    areas: sorted.map((area) => ({
      areaId: area.id,
      label: area.label,
      entries: SIDEBAR_AREA_ENTRIES.filter((entry) => areaHasTab(area, entry)).map((entry) => ({
        entry,
        path: tabPath(entry, siteId, area.id),
      })),
    })),
  };
}

/**
 * §2 Sidebar: the Users link shows where the user has viewUsers on the site (§6): where the
 * Users page's guard lets them in, so the link and the page never disagree.
 */
export function showUsersLink(sitePrivileges: readonly Privilege[]): boolean {
  const needed = ROUTE_PRIVILEGES.users;
  return needed === null || sitePrivileges.includes(needed);
}

/** §2 RECENT list: the visited site goes first, without duplicates, at most `max` (§9: 3) sites. */
export function pushRecentSite(
  recent: readonly RecentSiteEntry[],
  site: RecentSiteEntry,
  max: number = RECENT_SITES,
): readonly RecentSiteEntry[] {
  return [site, ...recent.filter((entry) => entry.siteId !== site.siteId)].slice(
    0,
    Math.max(0, max),
  );
}
