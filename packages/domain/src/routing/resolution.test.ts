import { describe, expect, it } from 'vitest';
import type { AreaCapability, AreaType } from '../entities/vocabulary.ts';
import type { SchedulingMode } from '../states/zone.ts';
import type { RoutingArea, RoutingControl, RoutingSensor, RoutingSite } from './inputs.ts';
import {
  afterLoginRedirect,
  areaLoadFailure,
  areaPage,
  banSite,
  dashboardRedirect,
  defaultSitePage,
  FAILED_FALLBACK_PATH,
  isWaterArea,
  loginSuccessTarget,
  pickDefaultSite,
  resolveDeepLink,
  resolveSiteRoute,
  rootRedirect,
  siteLoadFailure,
  unknownPathRedirect,
  type AfterLogin,
  type AreaPage,
  type DeepLinkInput,
  type DefaultSite,
  type SiteRouteResolution,
} from './resolution.ts';

let nextId = 100;
function area(type: AreaType, capabilities: AreaCapability[] = [], id = nextId++): RoutingArea {
  return { id, label: `Area ${id}`, type, capabilities };
}
function site(areas?: RoutingArea[] | null, id = 4): RoutingSite {
  return { id, areas };
}

describe('§2 Route resolution: area pages', () => {
  it.each<[AreaType, AreaPage]>([
    ['water', 'addons'],
    ['', 'addons'],
    ['irrigation', 'irrigation'],
    ['frost', 'frost'],
  ])('a %j area maps to %s', (type, page) => {
    expect(areaPage(type)).toBe(page);
  });

  it.each<[AreaType, boolean]>([
    ['water', true],
    ['', true],
    ['irrigation', false],
    ['frost', false],
  ])('§3 a %j area is a water area: %s', (type, water) => {
    expect(isWaterArea(type)).toBe(water);
  });
});

describe('§2 With no area in the path (defaultSitePage)', () => {
  it.each<[string, RoutingArea[] | null | undefined, string]>([
    [
      'two irrigation areas → summary',
      [area('irrigation', [], 1), area('irrigation', [], 2)],
      '/4/summary',
    ],
    ['two water areas → summary', [area('water', [], 1), area('water', [], 2)], '/4/summary'],
    [
      'one irrigation and one water area are two → summary',
      [area('irrigation', ['weather'], 1), area('water', [], 2)],
      '/4/summary',
    ],
    ['an empty-type area counts as water', [area('', [], 1), area('water', [], 2)], '/4/summary'],
    ['one water area → its add-ons page', [area('water', [], 3)], '/4/addons/3'],
    ['one empty-type area → its add-ons page', [area('', [], 3)], '/4/addons/3'],
    [
      'first area irrigation with only weather capability → area page',
      [area('irrigation', ['weather'], 5)],
      '/4/irrigation/5',
    ],
    [
      'first area irrigation without capabilities → area page',
      [area('irrigation', [], 5)],
      '/4/irrigation/5',
    ],
    [
      'first area irrigation with capabilities beyond weather → summary',
      [area('irrigation', ['weather', 'soilMoisture'], 5)],
      '/4/summary',
    ],
    [
      'first area irrigation with one non-weather capability → summary',
      [area('irrigation', ['batterySignal'], 5)],
      '/4/summary',
    ],
    [
      'a water area with capabilities beyond weather is still its page',
      [area('water', ['soilMoisture', 'things'], 6)],
      '/4/addons/6',
    ],
    ['frost areas do not count', [area('frost', [], 7), area('frost', [], 8)], '/4/frost/7'],
    [
      'frost first, one irrigation → the first (frost) area page',
      [area('frost', [], 7), area('irrigation', ['soilMoisture'], 8)],
      '/4/frost/7',
    ],
    [
      'water and irrigation (not first) areas are two → summary',
      [area('water', [], 9), area('frost', [], 10), area('irrigation', ['soilMoisture'], 11)],
      '/4/summary',
    ],
    ['no areas → summary', [], '/4/summary'],
    ['areas absent → summary', undefined, '/4/summary'],
    ['areas null → summary', null, '/4/summary'],
  ])('%s', (_name, areas, path) => {
    expect(defaultSitePage(site(areas))).toBe(path);
  });
});

describe('§2 Route resolution of /{siteId} and /{siteId}/{areaId}', () => {
  const irrigation = area('irrigation', ['weather'], 11);
  const water = area('water', [], 12);
  const frost = area('frost', [], 13);
  const loaded = site([irrigation, water, frost]);

  it.each<
    [string, number, number | undefined, RoutingSite | null | undefined, SiteRouteResolution]
  >([
    [
      'site not loaded → load it, no redirect',
      4,
      undefined,
      undefined,
      { kind: 'loadSite', siteId: 4 },
    ],
    ['site null → load it', 4, 11, null, { kind: 'loadSite', siteId: 4 }],
    [
      'loaded site differs from the path → load it',
      5,
      undefined,
      loaded,
      { kind: 'loadSite', siteId: 5 },
    ],
    ['site has no areas → no redirect', 4, undefined, site([]), { kind: 'none' }],
    ['site areas absent → no redirect', 4, 11, site(undefined), { kind: 'none' }],
    [
      'no area in the path → site default',
      4,
      undefined,
      loaded,
      { kind: 'redirect', to: '/4/summary' },
    ],
    [
      'no area, one water area → its add-ons',
      4,
      undefined,
      site([water]),
      { kind: 'redirect', to: '/4/addons/12' },
    ],
    [
      'irrigation area → irrigation page',
      4,
      11,
      loaded,
      { kind: 'redirect', to: '/4/irrigation/11' },
    ],
    ['water area → add-ons page', 4, 12, loaded, { kind: 'redirect', to: '/4/addons/12' }],
    ['frost area → frost page', 4, 13, loaded, { kind: 'redirect', to: '/4/frost/13' }],
    ['unknown area → the same default', 4, 99, loaded, { kind: 'redirect', to: '/4/summary' }],
    [
      'unknown area, single-area site → that area',
      4,
      99,
      site([irrigation]),
      { kind: 'redirect', to: '/4/irrigation/11' },
    ],
  ])('%s', (_name, pathSiteId, pathAreaId, loadedSite, resolution) => {
    expect(resolveSiteRoute({ pathSiteId, pathAreaId, loadedSite })).toEqual(resolution);
  });
});

describe('§2 site and area load failures', () => {
  it.each([
    [403, { kind: 'redirect', to: '/dashboard' }],
    [404, { kind: 'resetSite', to: '/' }],
    [500, { kind: 'resetSite', to: '/' }],
    [401, { kind: 'resetSite', to: '/' }],
    [undefined, { kind: 'resetSite', to: '/' }],
  ])('site fetch status %j', (status, result) => {
    expect(siteLoadFailure(status)).toEqual(result);
  });

  it('a failed area load goes to /{siteId}/summary', () => {
    expect(areaLoadFailure(7)).toBe('/7/summary');
  });

  it('a failed fallback goes to /notfound', () => {
    expect(FAILED_FALLBACK_PATH).toBe('/notfound');
  });
});

describe('§2 Redirect route (resolveDeepLink)', () => {
  const irrigationArea = { id: 9, type: 'irrigation' as const };
  const waterArea = { id: 9, type: 'water' as const };
  const controls: RoutingControl[] = [
    { id: 70, type: 'valve', section: 2 },
    { id: 71, type: 'valve', section: null },
    { id: 72, type: 'pump', section: null },
    { id: 73, type: 'valveAddon', section: 3 },
    { id: 74, type: 'pivot', section: null },
  ];
  const sensors: RoutingSensor[] = [
    { id: 30, type: 'soilMoisture' },
    { id: 31, type: 'watermeter' },
    { id: 32, type: 'rainbucket' },
    { id: 33, type: 'wind' },
    { id: 34, type: 'temperature' },
    { id: 35, type: 'pump' },
    { id: 36, type: 'level' },
    { id: 37, type: 'humidity' },
  ];
  const things = { controls, sensors, radios: [{ id: 12 }], units: [{ id: 5 }] };
  const link = (
    type: DeepLinkInput['type'],
    target: number,
    extra: Partial<DeepLinkInput> = {},
  ): DeepLinkInput => ({
    siteId: 4,
    areaId: 9,
    type,
    target,
    area: irrigationArea,
    things,
    ...extra,
  });

  it.each<[string, DeepLinkInput, string]>([
    [
      'a soil moisture sensor is an add-on',
      link('sensor', 30),
      '/4/addons/9?thing=30&type=soilMoisture',
    ],
    [
      'a water meter sensor is an add-on',
      link('sensor', 31),
      '/4/addons/9?thing=31&type=waterMeter',
    ],
    ['a rain bucket sensor is an add-on', link('sensor', 32), '/4/addons/9?thing=32&type=rain'],
    ['a pump sensor is an add-on', link('sensor', 35), '/4/addons/9?thing=35&type=pump'],
    ['a level sensor is an add-on', link('sensor', 36), '/4/addons/9?thing=36&type=level'],
    ['a wind sensor is no add-on → area page', link('sensor', 33), '/4/irrigation/9'],
    ['a temperature sensor is no add-on → area page', link('sensor', 34), '/4/irrigation/9'],
    [
      'a humidity sensor in a water area → the water area page',
      link('sensor', 37, { area: waterArea }),
      '/4/addons/9',
    ],
    ['an unknown sensor → area page', link('sensor', 999), '/4/irrigation/9'],
    ['a pump control is an add-on', link('control', 72), '/4/addons/9?thing=72&type=pump'],
    ['an add-on valve is an add-on', link('control', 73), '/4/addons/9?thing=73&type=valve-addon'],
    ['a pivot is an add-on', link('control', 74), '/4/addons/9?thing=74&type=pivot'],
    [
      'a valve → the zone page of its section (zone-based scheduling)',
      link('control', 70, { scheduling: 'zone' }),
      '/4/irrigation/9/zone/2',
    ],
    [
      'a valve in a valve-based area adds ?valve=',
      link('control', 70, { scheduling: 'valve' }),
      '/4/irrigation/9/zone/2?valve=70',
    ],
    [
      'a valve with scheduling unknown adds no valve query',
      link('control', 70),
      '/4/irrigation/9/zone/2',
    ],
    [
      'a valve without section → area page',
      link('control', 71, { scheduling: 'valve' }),
      '/4/irrigation/9',
    ],
    ['an unknown control → area page', link('control', 999), '/4/irrigation/9'],
    ['a found radio → telemetry selecting it', link('radio', 12), '/4/telemetry/9?radio=12'],
    ['an unknown radio → plain telemetry', link('radio', 13), '/4/telemetry/9'],
    ['a found unit → telemetry selecting it', link('unit', 5), '/4/telemetry/9?type=unit&target=5'],
    ['an unknown unit → plain telemetry', link('unit', 6), '/4/telemetry/9'],
    ['a radio id that is only a unit id is not found', link('radio', 5), '/4/telemetry/9'],
    [
      'things not loaded: radio → plain telemetry',
      link('radio', 12, { things: {} }),
      '/4/telemetry/9',
    ],
    [
      'things not loaded: sensor → area page',
      link('sensor', 30, { things: {} }),
      '/4/irrigation/9',
    ],
    [
      'area not loaded: anything else → /{siteId}/{areaId} (resolved later)',
      link('sensor', 33, { area: undefined }),
      '/4/9',
    ],
    [
      'area not loaded does not stop an add-on',
      link('sensor', 30, { area: null }),
      '/4/addons/9?thing=30&type=soilMoisture',
    ],
  ])('%s', (_name, input, path) => {
    expect(resolveDeepLink(input)).toBe(path);
  });

  it.each<[SchedulingMode | undefined, string]>([
    ['valve', '?valve=70'],
    ['zone', ''],
    [undefined, ''],
  ])('valve query with scheduling %j', (scheduling, query) => {
    expect(resolveDeepLink(link('control', 70, scheduling ? { scheduling } : {}))).toBe(
      `/4/irrigation/9/zone/2${query}`,
    );
  });
});

describe('§2 Default site (pickDefaultSite, banSite)', () => {
  const sites = [{ id: 1 }, { id: 2 }, { id: 3 }, { id: 4 }];
  const never = () => {
    throw new Error('random must not be drawn');
  };

  it.each<[string, Parameters<typeof pickDefaultSite>[0], DefaultSite]>([
    [
      'the remembered last-route site',
      { sites, lastRouteSiteId: 3, banned: [], random: never },
      { kind: 'site', siteId: 3 },
    ],
    [
      'last route banned → the first site',
      { sites, lastRouteSiteId: 3, banned: [3], random: never },
      { kind: 'site', siteId: 1 },
    ],
    [
      'last route not one of the user sites → the first site',
      { sites, lastRouteSiteId: 99, banned: [], random: never },
      { kind: 'site', siteId: 1 },
    ],
    [
      'no last route → the first site',
      { sites, lastRouteSiteId: undefined, banned: [], random: never },
      { kind: 'site', siteId: 1 },
    ],
    [
      'last route and first site banned → a random non-banned one (0 → first candidate)',
      { sites, lastRouteSiteId: 3, banned: [3, 1], random: () => 0 },
      { kind: 'site', siteId: 2 },
    ],
    [
      'random near 1 → last candidate',
      { sites, lastRouteSiteId: null, banned: [1], random: () => 0.9999 },
      { kind: 'site', siteId: 4 },
    ],
    [
      'random 0.5 of three candidates → the middle one',
      { sites, banned: [1], random: () => 0.5 },
      { kind: 'site', siteId: 3 },
    ],
    [
      'a random value out of range is clamped',
      { sites, banned: [1], random: () => 1 },
      { kind: 'site', siteId: 4 },
    ],
    [
      'a negative random value is clamped',
      { sites, banned: [1], random: () => -3 },
      { kind: 'site', siteId: 2 },
    ],
    [
      'every site banned → sign out',
      { sites, lastRouteSiteId: 2, banned: [1, 2, 3, 4], random: () => 0 },
      { kind: 'signOut' },
    ],
    ['no sites → sign out', { sites: [], banned: [], random: () => 0 }, { kind: 'signOut' }],
  ])('%s', (_name, input, result) => {
    expect(pickDefaultSite(input)).toEqual(result);
  });

  it.each<[number[], number, number[]]>([
    [[], 3, [3]],
    [[1], 3, [1, 3]],
    [[1, 3], 3, [1, 3]],
  ])('banning %j + %j is %j', (banned, siteId, result) => {
    expect(banSite(banned, siteId)).toEqual(result);
  });

  it('banSite does not change the list it is given', () => {
    const banned = [1];
    banSite(banned, 2);
    expect(banned).toEqual([1]);
  });
});

describe('§2 Root redirect', () => {
  it.each<[string, Parameters<typeof rootRedirect>[0], string]>([
    [
      'the last visited route',
      { lastRoute: '/4/irrigation/9', defaultSiteId: 2 },
      '/4/irrigation/9',
    ],
    ['no last route → the default site', { lastRoute: undefined, defaultSiteId: 2 }, '/2'],
    ['empty last route → the default site', { lastRoute: '', defaultSiteId: 2 }, '/2'],
    ['last route / would loop → the default site', { lastRoute: '/', defaultSiteId: 2 }, '/2'],
    ['no default site → /notfound', { lastRoute: null, defaultSiteId: null }, '/notfound'],
    ['nothing at all → /notfound', {}, '/notfound'],
  ])('%s', (_name, input, path) => {
    expect(rootRedirect(input)).toBe(path);
  });
});

describe('§2 After login, redirect', () => {
  const loaded = { loggedIn: true, sitesLoaded: true, siteCount: 3, firstSiteId: 4 };
  it.each<[string, Parameters<typeof afterLoginRedirect>[0], AfterLogin]>([
    [
      'not logged in → /login',
      { ...loaded, loggedIn: false, previousPath: '/4/summary' },
      { kind: 'redirect', to: '/login' },
    ],
    ['sites not loaded → wait', { ...loaded, sitesLoaded: false }, { kind: 'waitForSites' }],
    [
      'previous path contains dashboard, one site → its summary',
      { ...loaded, siteCount: 1, previousPath: '/dashboard?country=nz' },
      { kind: 'redirect', to: '/4/summary' },
    ],
    [
      'previous path contains dashboard, several sites → the previous path',
      { ...loaded, previousPath: '/dashboard' },
      { kind: 'redirect', to: '/dashboard' },
    ],
    [
      'previous path contains dashboard, no site → the previous path',
      { ...loaded, siteCount: 0, firstSiteId: undefined, previousPath: '/dashboard' },
      { kind: 'redirect', to: '/dashboard' },
    ],
    [
      'previous path → the previous path',
      { ...loaded, siteCount: 1, previousPath: '/4/telemetry/9?radio=2' },
      { kind: 'redirect', to: '/4/telemetry/9?radio=2' },
    ],
    ['no previous path → /', { ...loaded, previousPath: undefined }, { kind: 'redirect', to: '/' }],
    ['empty previous path → /', { ...loaded, previousPath: '' }, { kind: 'redirect', to: '/' }],
    ['previous /login → /', { ...loaded, previousPath: '/login' }, { kind: 'redirect', to: '/' }],
    [
      'previous /redirect → /',
      { ...loaded, previousPath: '/redirect' },
      { kind: 'redirect', to: '/' },
    ],
  ])('%s', (_name, input, result) => {
    expect(afterLoginRedirect(input)).toEqual(result);
  });

  it.each([
    ['/4/summary', { to: '/redirect', previousPath: '/4/summary' }],
    ['/login', { to: '/redirect' }],
    [undefined, { to: '/redirect' }],
    ['', { to: '/redirect' }],
  ])('§2 Login success with previous path %j', (previousPath, target) => {
    expect(loginSuccessTarget(previousPath)).toEqual(target);
  });
});

describe('§2 dashboard and unknown paths', () => {
  it.each([
    [[], { kind: 'redirect', to: '/' }],
    [[{ id: 4 }], { kind: 'redirect', to: '/4/summary' }],
    [[{ id: 4 }, { id: 5 }], { kind: 'none' }],
    [[{ id: 4 }, { id: 5 }, { id: 6 }], { kind: 'none' }],
  ])('a user with sites %j on the dashboard', (sites, result) => {
    expect(dashboardRedirect(sites)).toEqual(result);
  });

  it.each([
    ['/dashboard/map', '/dashboard'],
    ['/dashboardx', '/dashboard'],
    ['dashboard/x', '/dashboard'],
    ['//dashboard/x', '/dashboard'],
    ['/4/dashboard', '/'],
    ['/foo', '/'],
    ['/', '/'],
  ])('unknown path %j goes to %j', (pathname, to) => {
    expect(unknownPathRedirect(pathname)).toBe(to);
  });
});
