import { describe, expect, it } from 'vitest';
import type { Privilege } from '../entities/vocabulary.ts';
import {
  headerLeading,
  headerTitle,
  pushRecentSite,
  showDashboardLink,
  showFleetLink,
  showSummaryButton,
  showUsersLink,
  sidebarAreaEntries,
  supportLink,
  type HeaderContext,
  type HeaderLeading,
  type HeaderTitle,
} from './header.ts';
import type { RecentSiteEntry as RecentSite } from '../entities/preferences.ts';
import type { RoutingArea } from './inputs.ts';
import { parseRoute } from './parse.ts';

const labels: HeaderContext = { siteLabel: 'Glenmore', areaLabel: 'North Block', zoneLabel: '12' };
const text = (value: string): HeaderTitle => ({ kind: 'text', text: value });

describe('§2 Header title', () => {
  it.each<[string, HeaderContext, HeaderTitle]>([
    ['/dashboard', {}, text('Dashboard')],
    ['/4/irrigation/9/zone/2', labels, text('Zone 12')],
    ['/4/irrigation/9/zone/2', { ...labels, zoneLabel: undefined }, { kind: 'loading' }],
    ['/4/irrigation/9', labels, text('North Block')],
    ['/4/addons/9', labels, text('North Block')],
    ['/4/things/9', labels, text('North Block')],
    ['/4/weather/9', labels, text('North Block')],
    ['/4/telemetry/9/radio/3', labels, text('North Block')],
    ['/4/9', labels, text('North Block')],
    ['/4/9/radio/3', labels, text('North Block')],
    ['/4/9/alarms', labels, text('North Block - Alarms')],
    ['/4/9/alarms/6', labels, text('North Block - Alarms')],
    ['/4/irrigation/9/alarms', labels, text('North Block - Alarms')],
    ['/4/irrigation/9/alarms/6', labels, text('North Block - Alarms')],
    ['/4/irrigation/9', { ...labels, areaLabel: null }, { kind: 'loading' }],
    ['/4/9/alarms', { siteLabel: 'Glenmore' }, { kind: 'loading' }],
    ['/4/summary', labels, text('Glenmore')],
    ['/4/users', labels, text('Glenmore')],
    ['/4', labels, text('Glenmore')],
    ['/4/playground', labels, text('Glenmore')],
    ['/4/telemetry/alarms', labels, text('Glenmore')],
    ['/4/summary', { areaLabel: 'North Block' }, { kind: 'loading' }],
    ['/', labels, { kind: 'none' }],
    ['/notfound', labels, { kind: 'none' }],
    ['/login', labels, { kind: 'none' }],
    ['/changepassword', labels, { kind: 'none' }],
    ['/x/y', labels, { kind: 'none' }],
  ])('%s with %j', (pathname, context, title) => {
    expect(headerTitle(parseRoute(pathname), context)).toEqual(title);
  });
});

describe('§2 Header: menu icon or back arrow', () => {
  const back = (to: string): HeaderLeading => ({ kind: 'back', to });
  it.each<[string, HeaderLeading]>([
    ['/4/irrigation/9/zone/2', back('/4/irrigation/9')],
    ['/4/9/alarms/6', back('/4/9/alarms')],
    ['/4/9/alarms', back('/4/9')],
    // Opened from another pane (the from query's pane id): Back returns there.
    ['/4/9/alarms?from=5', back('/4/summary')],
    ['/4/9/alarms/6?from=4', back('/4/telemetry/9')],
    ['/4/9/alarms/6?from=1', back('/4/irrigation/9')],
    ['/4/9/alarms?from=7', back('/4/users')],
    ['/4/irrigation/9/alarms/6', back('/4/irrigation/9/alarms')],
    ['/4/telemetry/9/alarms', back('/4/telemetry/9')],
    ['/4/telemetry/alarms', back('/4')],
    ['/4/irrigation/9', { kind: 'menu' }],
    ['/4/irrigation/9/list/3', { kind: 'menu' }],
    ['/4/summary', { kind: 'menu' }],
    ['/dashboard', { kind: 'menu' }],
    ['/', { kind: 'menu' }],
  ])('%s', (location, leading) => {
    const [pathname = '', search = ''] = location.split('?');
    expect(headerLeading(parseRoute(pathname, search))).toEqual(leading);
  });
});

describe('§2 Header: Summary button except on summary and dashboard', () => {
  it.each([
    ['/4/summary', false],
    ['/dashboard', false],
    ['/4', true],
    ['/4/irrigation/9', true],
    ['/4/irrigation/9/zone/2', true],
    ['/4/users', true],
    ['/4/9/alarms', true],
    ['/', false],
    ['/notfound', false],
    ['/login', false],
  ])('%s: %s', (pathname, shown) => {
    expect(showSummaryButton(parseRoute(pathname))).toBe(shown);
  });
});

describe('§2 User menu: Support (FAQ page unless on an irrigation path)', () => {
  it.each([
    ['/4/summary', 'https://support.example.com', 'https://support.example.com/faq'],
    ['/4/irrigation/9', 'https://support.example.com', 'https://support.example.com'],
    ['/4/irrigation/9/zone/2', 'https://support.example.com/', 'https://support.example.com'],
    ['/4/irrigation/alarms', 'https://support.example.com', 'https://support.example.com'],
    ['/4/telemetry/9', 'https://support.example.com/', 'https://support.example.com/faq'],
    ['/4/irrigations', 'https://support.example.com', 'https://support.example.com/faq'],
    ['/', 'https://support.example.com', 'https://support.example.com/faq'],
  ])('%s with base %s → %s', (pathname, base, link) => {
    expect(supportLink(pathname, base)).toBe(link);
  });
});

describe('§2 Sidebar', () => {
  it.each([
    [0, false],
    [1, false],
    [2, true],
    [10, true],
  ])('Dashboard link with %i sites: %s', (count, shown) => {
    expect(showDashboardLink(count)).toBe(shown);
  });

  it.each<[Privilege[], boolean]>([
    [['view', 'viewUsers'], true],
    [['view', 'edit'], false],
    [[], false],
  ])('Users link with %j: %s', (privileges, shown) => {
    expect(showUsersLink(privileges)).toBe(shown);
  });

  const areas: RoutingArea[] = [
    { id: 3, label: 'block 10', type: 'irrigation', capabilities: ['weather', 'soilMoisture'] },
    { id: 1, label: 'Block 2', type: 'water', capabilities: [] },
    { id: 2, label: 'Apples', type: 'frost', capabilities: ['temperature'] },
    { id: 4, label: 'apples', type: 'irrigation', capabilities: [] },
  ];

  /** An area of site 4 as the sidebar lists it: each entry links to its module of the area. */
  const listed = (areaId: number, label: string, entries: string[]) => ({
    areaId,
    label,
    entries: entries.map((entry) => ({ entry, path: `/4/${entry}/${areaId}` })),
  });

  it('areas sorted by label (case-insensitive, numbers in order, ties by id), entries in order AddOns, Irrigation, Frost, Weather, Telemetry', () => {
    expect(sidebarAreaEntries(4, areas)).toEqual({
      expandable: true,
      areas: [
        listed(2, 'Apples', ['frost', 'telemetry']),
        listed(4, 'apples', ['irrigation', 'telemetry']),
        listed(1, 'Block 2', ['addons', 'telemetry']),
        listed(3, 'block 10', ['addons', 'irrigation', 'weather', 'telemetry']),
      ],
    });
  });

  it.each([
    [0, false],
    [1, false],
    [2, true],
  ])('with %i areas the list is expandable: %s', (count, expandable) => {
    expect(sidebarAreaEntries(4, areas.slice(0, count)).expandable).toBe(expandable);
  });

  it('does not reorder the areas it is given', () => {
    const given = [...areas];
    sidebarAreaEntries(4, given);
    expect(given).toEqual(areas);
  });
});

describe('§2 Sidebar RECENT list of up to three sites', () => {
  const a: RecentSite = { siteId: 1, label: 'A' };
  const b: RecentSite = { siteId: 2, label: 'B' };
  const c: RecentSite = { siteId: 3, label: 'C' };
  const d: RecentSite = { siteId: 4, label: 'D' };

  it.each<[string, RecentSite[], RecentSite, number | undefined, RecentSite[]]>([
    ['first visit', [], a, undefined, [a]],
    ['newest first', [a], b, undefined, [b, a]],
    ['at most three (default, §9)', [c, b, a], d, undefined, [d, c, b]],
    ['a revisit moves to the front without duplicate', [c, b, a], a, undefined, [a, c, b]],
    [
      'a revisit takes the new label',
      [a, b],
      { siteId: 2, label: 'B renamed' },
      undefined,
      [{ siteId: 2, label: 'B renamed' }, a],
    ],
    ['the current first site stays first', [a, b], a, undefined, [a, b]],
    ['a custom maximum', [b, a], c, 2, [c, b]],
    ['a maximum of 0 keeps nothing', [a], b, 0, []],
  ])('%s', (_name, recent, site, max, result) => {
    expect(pushRecentSite(recent, site, max)).toEqual(result);
  });
});

describe('showFleetLink', () => {
  it.each<[number, Privilege[], boolean]>([
    [1, ['view'], false],
    [2, ['view'], true],
    [1, ['view', 'internal'], true],
    [0, [], false],
  ])('%i sites holding %j: %s', (sites, privileges, shown) => {
    expect(showFleetLink(sites, privileges)).toBe(shown);
  });
});
