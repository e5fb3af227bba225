import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  paneSchema,
  thingTypeSchema,
  type Environment,
  type Privilege,
} from '../entities/vocabulary.ts';
import {
  isFullScreenOnPhone,
  isPublicRoute,
  isRouteAvailable,
  needsSession,
  parseId,
  parseQuery,
  parseRoute,
  requiredPrivilege,
  routeAccess,
  routeAreaId,
  routeLayout,
  routeSiteId,
  type RouteAccess,
} from './parse.ts';
import { routePath } from './paths.ts';
import { AREA_MODULES, DEEP_LINK_TYPES, PUBLIC_PAGES, type Route } from './route.ts';

/** A location (path and query) as the router reads it. */
const parseLocation = (location: string): Route => {
  const [pathname = '', search = ''] = location.split(/(?=\?)/);
  return parseRoute(pathname, search);
};

/** Site 4, area 9: the place of every area route below. */
const inArea = { siteId: 4, areaId: 9 } as const;

/** Every route kind of §2, with the location that routePath writes for it. */
const ROUTES: [string, Route][] = [
  ['/login', { kind: 'public', page: 'login' }],
  ['/recover', { kind: 'public', page: 'recover' }],
  ['/resetPassword', { kind: 'public', page: 'resetPassword' }],
  ['/recoverpassword', { kind: 'public', page: 'recoverpassword' }],
  ['/signup', { kind: 'public', page: 'signup' }],
  ['/activateAccount', { kind: 'public', page: 'activateAccount' }],
  ['/redirect', { kind: 'public', page: 'redirect' }],
  ['/changepassword', { kind: 'changePassword' }],
  ['/', { kind: 'landing' }],
  ['/dashboard', { kind: 'dashboard', filter: {} }],
  ['/fleet', { kind: 'fleet' }],
  ['/dashboard?region=Otago', { kind: 'dashboard', filter: { region: 'Otago' } }],
  [
    '/dashboard?country=nz&region=Otago&application=frost',
    { kind: 'dashboard', filter: { country: 'nz', region: 'Otago', application: 'frost' } },
  ],
  ['/notfound', { kind: 'notFound' }],
  ['/4', { kind: 'site', siteId: 4 }],
  ['/4/9', { kind: 'area', ...inArea }],
  ['/4/9/radio/12', { kind: 'deepLink', ...inArea, type: 'radio', target: 12 }],
  ['/4/9/unit/5', { kind: 'deepLink', ...inArea, type: 'unit', target: 5 }],
  ['/4/9/sensor/31', { kind: 'deepLink', ...inArea, type: 'sensor', target: 31 }],
  ['/4/9/control/77', { kind: 'deepLink', ...inArea, type: 'control', target: 77 }],
  ['/4/summary', { kind: 'summary', siteId: 4 }],
  ['/4/users', { kind: 'users', siteId: 4 }],
  ['/4/maintenance', { kind: 'maintenance', siteId: 4 }],
  ['/4/reports', { kind: 'reports', siteId: 4 }],
  ['/4/audit', { kind: 'audit', siteId: 4 }],
  [
    '/4/audit?type=sensor&target=12',
    { kind: 'audit', siteId: 4, object: { type: 'sensor', target: 12 } },
  ],
  ['/4/weather/9', { kind: 'weather', ...inArea }],
  ['/4/weather/9/list', { kind: 'weather', ...inArea, detail: 'list' }],
  ['/4/weather/9/list/3', { kind: 'weather', ...inArea, detail: 'list', detailId: 3 }],
  ['/4/telemetry/9', { kind: 'telemetry', ...inArea }],
  ['/4/telemetry/9?radio=12', { kind: 'telemetry', ...inArea, select: { type: 'radio', id: 12 } }],
  [
    '/4/telemetry/9?type=unit&target=5',
    { kind: 'telemetry', ...inArea, select: { type: 'unit', id: 5 } },
  ],
  ['/4/telemetry/9/sensor/31', { kind: 'telemetry', ...inArea, detail: 'sensor', detailId: 31 }],
  ['/4/telemetry/9?filter=fault', { kind: 'telemetry', ...inArea, filter: 'fault' }],
  [
    '/4/telemetry/9?radio=12&filter=warning',
    { kind: 'telemetry', ...inArea, select: { type: 'radio', id: 12 }, filter: 'warning' },
  ],
  ['/4/irrigation/9', { kind: 'irrigation', ...inArea }],
  ['/4/irrigation/9/alarms', { kind: 'irrigation', ...inArea, detail: 'alarms' }],
  ['/4/irrigation/9/list', { kind: 'irrigation', ...inArea, detail: 'list' }],
  // A zone without section id is an irrigation detail.
  ['/4/irrigation/9/zone', { kind: 'irrigation', ...inArea, detail: 'zone' }],
  ['/4/irrigation/9/zone/2', { kind: 'zone', ...inArea, sectionId: 2 }],
  ['/4/irrigation/9/zone/2?valve=77', { kind: 'zone', ...inArea, sectionId: 2, valveId: 77 }],
  ['/4/addons/9', { kind: 'addons', ...inArea }],
  [
    '/4/addons/9?thing=8&type=valve-addon',
    { kind: 'addons', ...inArea, thing: { id: 8, type: 'valve-addon' } },
  ],
  ['/4/things/9', { kind: 'things', ...inArea }],
  ['/4/9/alarms', { kind: 'alarms', ...inArea }],
  ['/4/9/alarms/6', { kind: 'alarms', ...inArea, alarmId: 6 }],
  ['/4/9/alarms?from=5', { kind: 'alarms', ...inArea, from: 'summary' }],
  ['/4/9/alarms/6?from=4', { kind: 'alarms', ...inArea, alarmId: 6, from: 'telemetry' }],
  ['/4/irrigation/alarms', { kind: 'moduleAlarms', siteId: 4, module: 'irrigation' }],
  ['/4/telemetry/alarms', { kind: 'moduleAlarms', siteId: 4, module: 'telemetry' }],
  ['/4/playground', { kind: 'playground', siteId: 4 }],
];

describe('§2 Screens and routes: parseRoute', () => {
  it.each(ROUTES)('%s parses to its route', (location, route) => {
    expect(parseLocation(location)).toEqual(route);
  });

  it.each(ROUTES)('%s is what routePath writes for it (round trip)', (location, route) => {
    expect(routePath(route)).toBe(location);
  });

  it.each([
    ['/4/', { kind: 'site', siteId: 4 }],
    ['/4/summary/', { kind: 'summary', siteId: 4 }],
    ['/login/', { kind: 'public', page: 'login' }],
  ])('one trailing slash is tolerated: %s', (pathname, route) => {
    expect(parseRoute(pathname)).toEqual(route);
  });

  it.each([
    ['not absolute', '4/summary'],
    ['empty path', ''],
    ['zero site id', '/0'],
    ['negative site id', '/-4'],
    ['leading zero', '/04'],
    ['decimal', '/4.5'],
    ['unsafe integer', '/9007199254740993'],
    ['word where the site id goes', '/farm'],
    ['empty segment inside', '/4//summary'],
    ['two trailing slashes', '/4//'],
    ['summary with more', '/4/summary/x'],
    ['users with more', '/4/users/2'],
    ['dashboard with more (it is redirected, see unknownPathRedirect)', '/dashboard/map'],
    ['login with more', '/login/x'],
    ['public names are case-sensitive', '/Login'],
    ['module without area', '/4/irrigation'],
    ['module with a word for the area', '/4/irrigation/north'],
    ['module with zero area', '/4/irrigation/0'],
    ['detail that is a number', '/4/irrigation/9/12'],
    ['detail with an encoded character', '/4/irrigation/9/a%20b'],
    ['detailId that is a word', '/4/irrigation/9/list/all'],
    ['too many module segments', '/4/irrigation/9/list/3/4'],
    ['zone with a word for the section', '/4/irrigation/9/zone/two'],
    ['area with an unknown word', '/4/9/history'],
    ['deep link with an unknown type', '/4/9/valve/3'],
    ['deep link without target', '/4/9/radio'],
    ['deep link with a word target', '/4/9/radio/x'],
    ['deep link with more', '/4/9/radio/12/x'],
    ['alarm id that is a word', '/4/9/alarms/x'],
    ['alarm detail with more', '/4/9/alarms/6/edit'],
    ['module alarms with more', '/4/telemetry/alarms/3'],
    ['unknown subject', '/4/orchard/9'],
  ])('%s (%s) is unknown', (_name, pathname) => {
    expect(parseRoute(pathname)).toEqual({ kind: 'unknown' });
  });

  // A query the route does not take, or takes in another form, leaves the route of a location
  // of the table above.
  it.each([
    ['an invalid valve is dropped', '/4/irrigation/9/zone/2?valve=x', '/4/irrigation/9/zone/2'],
    ['radio wins over unit', '/4/telemetry/9?unit=5&radio=12', '/4/telemetry/9?radio=12'],
    [
      'radio wins over type and target',
      '/4/telemetry/9?type=unit&target=5&radio=12',
      '/4/telemetry/9?radio=12',
    ],
    ['the older unit={id} form', '/4/telemetry/9?unit=5', '/4/telemetry/9?type=unit&target=5'],
    ['type=radio is not a selection', '/4/telemetry/9?type=radio&target=5', '/4/telemetry/9'],
    ['an invalid radio id is no selection', '/4/telemetry/9?radio=0', '/4/telemetry/9'],
    ['an add-on without type is no selection', '/4/addons/9?thing=8', '/4/addons/9'],
    ['an unknown add-on type is no selection', '/4/addons/9?thing=8&type=tractor', '/4/addons/9'],
    ['empty filter dropped', '/dashboard?country=&region=Otago&other=1', '/dashboard?region=Otago'],
    ['from and filter are ignored', '/4/irrigation/9/list?from=2&filter=x', '/4/irrigation/9/list'],
    ['a from that is no pane id is dropped', '/4/9/alarms?from=8', '/4/9/alarms'],
    ['an unknown hardware filter is dropped', '/4/telemetry/9?filter=broken', '/4/telemetry/9'],
    [
      'the filter after the selection',
      '/4/telemetry/9?filter=warning&radio=12',
      '/4/telemetry/9?radio=12&filter=warning',
    ],
    ['a from that is a word is dropped', '/4/9/alarms/6?from=summary', '/4/9/alarms/6'],
  ])('%s: %s parses as %s', (_name, location, canonical) => {
    expect(parseLocation(location)).toEqual(ROUTES.find(([known]) => known === canonical)?.[1]);
  });

  const id = fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER });
  const word = fc.stringMatching(/^[A-Za-z][A-Za-z0-9_-]{0,8}$/);
  const detailOf = (allowZone: boolean) =>
    fc.option(
      fc.record(
        {
          detail: allowZone ? word : word.filter((w) => w !== 'zone'),
          detailId: fc.option(id, { nil: undefined }),
        },
        { requiredKeys: ['detail'] },
      ),
      { nil: undefined },
    );
  const module = <K extends 'weather' | 'irrigation' | 'things'>(kind: K) =>
    fc
      .tuple(id, id, detailOf(kind !== 'irrigation'))
      .map(([siteId, areaId, detail]) => ({ kind, siteId, areaId, ...stripUndefined(detail) }));
  const arbitraryRoute: fc.Arbitrary<Route> = fc.oneof(
    fc.constantFrom(...PUBLIC_PAGES).map((page) => ({ kind: 'public' as const, page })),
    fc.constant({ kind: 'changePassword' as const }),
    fc.constant({ kind: 'landing' as const }),
    fc.constant({ kind: 'notFound' as const }),
    fc
      .record(
        {
          country: fc.string({ minLength: 1 }),
          region: fc.string({ minLength: 1 }),
          application: fc.string({ minLength: 1 }),
        },
        { requiredKeys: [] },
      )
      .map((filter) => ({ kind: 'dashboard' as const, filter })),
    id.map((siteId) => ({ kind: 'site' as const, siteId })),
    id.map((siteId) => ({ kind: 'summary' as const, siteId })),
    id.map((siteId) => ({ kind: 'users' as const, siteId })),
    id.map((siteId) => ({ kind: 'maintenance' as const, siteId })),
    id.map((siteId) => ({ kind: 'reports' as const, siteId })),
    id.map((siteId) => ({ kind: 'audit' as const, siteId })),
    fc
      .tuple(id, fc.constantFrom('sensor', 'radio', 'section', 'fanShouldRun'), id)
      .map(([siteId, type, target]) => ({
        kind: 'audit' as const,
        siteId,
        object: { type, target },
      })),
    id.map((siteId) => ({ kind: 'playground' as const, siteId })),
    fc.tuple(id, id).map(([siteId, areaId]) => ({ kind: 'area' as const, siteId, areaId })),
    fc
      .tuple(id, id, fc.constantFrom(...DEEP_LINK_TYPES), id)
      .map(([siteId, areaId, type, target]) => ({
        kind: 'deepLink' as const,
        siteId,
        areaId,
        type,
        target,
      })),
    module('weather'),
    module('irrigation'),
    module('things'),
    fc
      .tuple(
        id,
        id,
        detailOf(true),
        fc.option(fc.record({ type: fc.constantFrom('radio' as const, 'unit' as const), id }), {
          nil: undefined,
        }),
        fc.option(fc.constantFrom('all' as const, 'warning' as const, 'fault' as const), {
          nil: undefined,
        }),
      )
      .map(([siteId, areaId, detail, select, filter]) => ({
        kind: 'telemetry' as const,
        siteId,
        areaId,
        ...stripUndefined(detail),
        ...(select ? { select } : {}),
        ...(filter ? { filter } : {}),
      })),
    fc
      .tuple(
        id,
        id,
        detailOf(true),
        fc.option(fc.record({ id, type: fc.constantFrom(...thingTypeSchema.options) }), {
          nil: undefined,
        }),
      )
      .map(([siteId, areaId, detail, thing]) => ({
        kind: 'addons' as const,
        siteId,
        areaId,
        ...stripUndefined(detail),
        ...(thing ? { thing } : {}),
      })),
    fc
      .tuple(id, id, id, fc.option(id, { nil: undefined }))
      .map(([siteId, areaId, sectionId, valveId]) => ({
        kind: 'zone' as const,
        siteId,
        areaId,
        sectionId,
        ...(valveId === undefined ? {} : { valveId }),
      })),
    fc
      .tuple(
        id,
        id,
        fc.option(id, { nil: undefined }),
        fc.option(fc.constantFrom(...paneSchema.options), { nil: undefined }),
      )
      .map(([siteId, areaId, alarmId, from]) => ({
        kind: 'alarms' as const,
        siteId,
        areaId,
        ...(alarmId === undefined ? {} : { alarmId }),
        ...(from === undefined ? {} : { from }),
      })),
    fc
      .tuple(id, fc.constantFrom(...AREA_MODULES))
      .map(([siteId, module]) => ({ kind: 'moduleAlarms' as const, siteId, module })),
  );

  it('every route survives routePath then parseRoute (property)', () => {
    fc.assert(
      fc.property(arbitraryRoute, (route) => {
        expect(parseLocation(routePath(route))).toEqual(route);
      }),
    );
  });
});

function stripUndefined<T extends object>(value: T | undefined): Partial<T> {
  if (value === undefined) return {};
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

describe('§2 ids are positive integers', () => {
  it.each<[string | undefined, number | undefined]>([
    ['1', 1],
    ['42', 42],
    ['9007199254740991', 9007199254740991],
    ['9007199254740992', undefined],
    ['0', undefined],
    ['-1', undefined],
    ['01', undefined],
    ['1.0', undefined],
    ['+1', undefined],
    ['1e3', undefined],
    [' 1', undefined],
    ['', undefined],
    [undefined, undefined],
  ])('parseId(%j) is %j', (text, id) => {
    expect(parseId(text)).toBe(id);
  });
});

describe('§2 query parameters', () => {
  it.each<[string, Record<string, string>]>([
    ['', {}],
    ['?', {}],
    ['?a=1&b=2', { a: '1', b: '2' }],
    ['a=1', { a: '1' }],
    ['?a=1&a=2', { a: '1' }],
    ['?a', { a: '' }],
    ['?a=x%20y&b=c+d', { a: 'x y', b: 'c d' }],
    ['?a=%E0%A4%A&b=2', { b: '2' }],
    ['?&&a=1&', { a: '1' }],
    ['?a=b=c', { a: 'b=c' }],
  ])('parseQuery(%j)', (search, query) => {
    expect(parseQuery(search)).toEqual(query);
  });
});

describe('§2 Public routes and sessions', () => {
  it.each<[string, boolean, boolean, 'auth' | 'main']>([
    ['/login', true, false, 'auth'],
    ['/recover', true, false, 'auth'],
    ['/resetPassword', true, false, 'auth'],
    ['/recoverpassword', true, false, 'auth'],
    ['/signup', true, false, 'auth'],
    ['/activateAccount', true, false, 'auth'],
    ['/redirect', true, false, 'auth'],
    ['/changepassword', false, true, 'auth'],
    ['/', false, true, 'main'],
    ['/dashboard', false, true, 'main'],
    ['/notfound', false, true, 'main'],
    ['/4/summary', false, true, 'main'],
    ['/4/irrigation/9/zone/2', false, true, 'main'],
    ['/some/unknown/path', false, true, 'main'],
  ])('%s: public %s, needs a session %s, %s layout', (pathname, isPublic, session, layout) => {
    const route = parseRoute(pathname);
    expect(isPublicRoute(route)).toBe(isPublic);
    expect(needsSession(route)).toBe(session);
    expect(routeLayout(route)).toBe(layout);
  });
});

describe('§2 A zone path with a detailId is full screen on phones', () => {
  it.each([
    ['/4/irrigation/9/zone/2', true],
    ['/4/irrigation/9/zone/2?valve=3', true],
    ['/4/irrigation/9/zone', false],
    ['/4/irrigation/9', false],
    ['/4/irrigation/9/list/3', false],
    ['/4/telemetry/9/radio/3', false],
  ])('%s: %s', (location, full) => {
    expect(isFullScreenOnPhone(parseLocation(location))).toBe(full);
  });
});

describe('§2 §5 §6 route access', () => {
  it.each<[string, number | undefined, number | undefined]>([
    ['/', undefined, undefined],
    ['/dashboard', undefined, undefined],
    ['/4', 4, undefined],
    ['/4/summary', 4, undefined],
    ['/4/9', 4, 9],
    ['/4/irrigation/9/zone/2', 4, 9],
    ['/4/telemetry/alarms', 4, undefined],
  ])('%s is about site %j, area %j', (pathname, siteId, areaId) => {
    const route = parseRoute(pathname);
    expect(routeSiteId(route)).toBe(siteId);
    expect(routeAreaId(route)).toBe(areaId);
  });

  it.each<[string, Privilege | undefined]>([
    ['/4/users', 'viewUsers'],
    ['/4/summary', undefined],
    ['/4/irrigation/9', undefined],
  ])('%s needs privilege %j', (pathname, privilege) => {
    expect(requiredPrivilege(parseRoute(pathname))).toBe(privilege);
  });

  it.each<[Environment, boolean]>([
    ['development', true],
    ['testing', false],
    ['staging', false],
    ['production', false],
  ])('playground in %s: %s', (environment, available) => {
    expect(isRouteAvailable(parseRoute('/4/playground'), environment)).toBe(available);
    expect(isRouteAvailable(parseRoute('/4/summary'), environment)).toBe(true);
  });

  it.each<[string, readonly number[], readonly Privilege[], Environment, RouteAccess]>([
    ['/4/summary', [4], ['view'], 'production', 'allowed'],
    ['/5/summary', [4], ['view'], 'production', 'noSiteAccess'],
    ['/4/users', [4], ['view'], 'production', 'missingPrivilege'],
    ['/4/users', [4], ['view', 'viewUsers'], 'production', 'allowed'],
    ['/4/playground', [4], ['view'], 'production', 'unavailable'],
    ['/4/playground', [4], ['view'], 'development', 'allowed'],
    ['/dashboard', [], [], 'production', 'allowed'],
  ])(
    '%s for sites %j with %j in %s: %s',
    (pathname, siteIds, sitePrivileges, environment, access) => {
      expect(routeAccess(parseRoute(pathname), { siteIds, sitePrivileges, environment })).toBe(
        access,
      );
    },
  );
});

describe('the audit page narrowed to one object', () => {
  it.each([
    ['/4/audit', '?type=sensor'],
    ['/4/audit', '?target=12'],
    ['/4/audit', '?type=Sensor%201&target=12'],
    ['/4/audit', '?type=sensor&target=012'],
  ])('%s%s is the whole log: both a kind and an id are needed', (path, search) => {
    expect(parseRoute(path, search)).toEqual({ kind: 'audit', siteId: 4 });
  });
});
