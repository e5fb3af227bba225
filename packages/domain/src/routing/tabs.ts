/** The top tab bar (§2 Top tab bar): which tabs an area has and which a route shows. */
import type { AreaCapability } from '../entities/vocabulary.ts';
import type { RoutingArea } from './inputs.ts';
import { modulePath, usersPath } from './paths.ts';
import type { Route } from './route.ts';
import { isWaterArea } from './resolution.ts';
import { isOneOf } from '../entities/words.ts';

/**
 * Tabs in the order §2 lists them, with Frost (ours: §2 has no frost tab, docs/frost.md) after
 * Irrigation, as its pane id (2) falls between irrigation (1) and add-ons (3).
 */
export const TAB_IDS = ['irrigation', 'frost', 'addons', 'weather', 'telemetry', 'users'] as const;
export type TabId = (typeof TAB_IDS)[number];
export type AreaTabId = Exclude<TabId, 'users'>;

/**
 * §2 "showing only tabs of the current route's section". Decision: two sections, the area
 * section (Irrigation, Add-ons, Weather, Telemetry, all about one area) and the admin section
 * (Users, about the site). A route shows the tabs of its own section only.
 */
export type TabSection = 'area' | 'admin';
export const TAB_SECTIONS = {
  irrigation: 'area',
  frost: 'area',
  addons: 'area',
  weather: 'area',
  telemetry: 'area',
  users: 'admin',
} as const satisfies Record<TabId, TabSection>;

/** §2 Add-ons: soil moisture, pump (irrigationPump), water or things capability. */
const ADDON_CAPABILITIES = [
  'soilMoisture',
  'irrigationPump',
  'water',
  'things',
] as const satisfies readonly AreaCapability[];

/**
 * Whether an area has a tab (§2 Top tab bar). Irrigation: type irrigation. Add-ons: an add-on
 * capability, or type water (decision: an empty type too, §3 treats it as water). Weather: the
 * weather capability. Telemetry: always.
 */
export function areaHasTab(
  area: Pick<RoutingArea, 'type' | 'capabilities'>,
  tab: AreaTabId,
): boolean {
  switch (tab) {
    case 'irrigation':
      return area.type === 'irrigation';
    case 'frost':
      return area.type === 'frost';
    case 'addons':
      return (
        isWaterArea(area.type) ||
        area.capabilities.some((capability) => isOneOf(ADDON_CAPABILITIES, capability))
      );
    case 'weather':
      return area.capabilities.includes('weather');
    case 'telemetry':
      return true;
  }
}

/** The area tabs an area has, in tab-bar order. */
export function areaTabs(area: Pick<RoutingArea, 'type' | 'capabilities'>): AreaTabId[] {
  return TAB_IDS.filter((tab): tab is AreaTabId => tab !== 'users' && areaHasTab(area, tab));
}

/**
 * The tab a route matches, if any. The zone page and add-ons' second spelling (things) match
 * their module's tab; /{siteId}/{module}/alarms matches its module's tab.
 */
export function routeTab(route: Route): TabId | undefined {
  switch (route.kind) {
    case 'irrigation':
    case 'zone':
      return 'irrigation';
    case 'addons':
    case 'things':
      return 'addons';
    case 'weather':
    case 'telemetry':
    case 'frost':
    case 'users':
      return route.kind;
    case 'moduleAlarms':
      return route.module === 'things' ? 'addons' : route.module;
    default:
      return undefined;
  }
}

export type TabBar =
  | { readonly kind: 'hidden' }
  /** 'Loading...' until the area, and so the tabs, are known. */
  | { readonly kind: 'loading' }
  | { readonly kind: 'tabs'; readonly tabs: readonly TabId[]; readonly active: TabId };

/**
 * §2 Top tab bar: hidden on routes matching no tab and on full-screen pages; the admin section
 * shows Users (always visible); the area section shows the tabs of the selected area, or of the
 * site's first area when none is selected, and 'Loading...' while neither is known.
 */
export function visibleTabs(input: {
  route: Route;
  area?: Pick<RoutingArea, 'type' | 'capabilities'> | null;
  firstArea?: Pick<RoutingArea, 'type' | 'capabilities'> | null;
  isFullScreen: boolean;
}): TabBar {
  const active = routeTab(input.route);
  if (active === undefined || input.isFullScreen) return { kind: 'hidden' };
  if (TAB_SECTIONS[active] === 'admin') {
    return { kind: 'tabs', tabs: TAB_IDS.filter((tab) => TAB_SECTIONS[tab] === 'admin'), active };
  }
  const area = input.area ?? input.firstArea;
  if (!area) return { kind: 'loading' };
  return { kind: 'tabs', tabs: areaTabs(area), active };
}

/** Where a tab leads: its module page for the area, or the site's users page. */
export function tabPath(tab: TabId, siteId: number, areaId: number): string {
  return tab === 'users' ? usersPath(siteId) : modulePath(tab, { siteId, areaId });
}

/** §2 "On phones (detected by user agent) tabs show icons only." */
export type TabPresentation = 'iconsOnly' | 'iconsAndLabels';
export function tabPresentation(isPhone: boolean): TabPresentation {
  return isPhone ? 'iconsOnly' : 'iconsAndLabels';
}

/**
 * Phone detection by user agent (§2). Decision: the common "Mobi" token (Android phones, iOS
 * Safari on iPhone) plus iPhone, iPod and Windows Phone; tablets are not phones.
 */
export function isPhoneUserAgent(userAgent: string): boolean {
  if (/iPad|Tablet/i.test(userAgent)) return false;
  return /Mobi|iPhone|iPod|Windows Phone/i.test(userAgent);
}
