import {
  buildArea,
  buildControl,
  buildProgram,
  buildProgramZone,
  buildRadio,
  buildSensor,
  buildSite,
  buildUnit,
} from '@paddock/domain/testing';
import type { DeepLinkRoute, IrrigationType } from '@paddock/domain';
import { describe, expect, it } from 'vitest';
import {
  deepLinkTarget,
  isRouteScopedQuery,
  landingDecision,
  siteFailureAction,
  type LandingDecision,
  valveScheduling,
} from './resolution.ts';

const never = () => {
  throw new Error('random must not be used');
};

describe('landingDecision (§2 root, §8 boot failure)', () => {
  const base = { lastRoute: null, banned: [], random: never };
  const sites = [{ id: 4 }, { id: 2 }, { id: 7 }];

  it.each<[string, Parameters<typeof landingDecision>[0], LandingDecision]>([
    // The stored last route, on every visit, without waiting for the sites.
    [
      'the last route, with its query',
      { ...base, lastRoute: '/4/telemetry/9?radio=3' },
      { kind: 'redirect', to: '/4/telemetry/9?radio=3' },
    ],
    [
      'a last route without a site',
      { ...base, lastRoute: '/dashboard?country=nz' },
      { kind: 'redirect', to: '/dashboard?country=nz' },
    ],
    [
      'the last route even when the sites are loaded',
      { ...base, lastRoute: '/7/summary', sites },
      { kind: 'redirect', to: '/7/summary' },
    ],
    // Else the default site once the sites are loaded.
    ['no last route: wait for the sites', base, { kind: 'wait' }],
    ['no last route: the first site', { ...base, sites }, { kind: 'redirect', to: '/4' }],
    [
      'a last route of a banned site: the default site, skipping it',
      { ...base, lastRoute: '/4/summary', banned: [4], sites, random: () => 0 },
      { kind: 'redirect', to: '/2' },
    ],
    // Else /notfound.
    ['no site at all: /notfound', { ...base, sites: [] }, { kind: 'redirect', to: '/notfound' }],
    [
      'every site banned: /notfound',
      { ...base, sites, banned: [4, 2, 7] },
      { kind: 'redirect', to: '/notfound' },
    ],
    // §8 boot failure on root.
    [
      'the sites refused with a response: log out',
      { ...base, sitesFailure: { status: 500 } },
      { kind: 'signOut' },
    ],
    [
      'the sites not answered (offline): stay, nothing decided',
      { ...base, sitesFailure: { status: undefined } },
      { kind: 'offline' },
    ],
    [
      'a stored last route goes on even when the sites failed',
      { ...base, lastRoute: '/4/summary', sitesFailure: { status: 500 } },
      { kind: 'redirect', to: '/4/summary' },
    ],
  ])('%s', (_case, input, decision) => {
    expect(landingDecision(input)).toEqual(decision);
  });

  describe('after a site failed to load', () => {
    const failed = { ...base, failedSiteId: 4 };

    it('waits for the sites', () => {
      expect(landingDecision(failed)).toEqual({ kind: 'wait' });
    });

    it('picks the remembered last-route site unless banned', () => {
      expect(landingDecision({ ...failed, sites, banned: [4], lastRoute: '/7/summary' })).toEqual({
        kind: 'redirect',
        to: '/7',
        fallback: true,
      });
    });

    it('else the first site, else a random non-banned one', () => {
      expect(landingDecision({ ...failed, sites, banned: [9] })).toEqual({
        kind: 'redirect',
        to: '/4',
        fallback: true,
      });
      expect(landingDecision({ ...failed, sites, banned: [4], random: () => 0.99 })).toEqual({
        kind: 'redirect',
        to: '/7',
        fallback: true,
      });
    });

    it('signs out when no site is left', () => {
      expect(landingDecision({ ...failed, sites, banned: [4, 2, 7] })).toEqual({
        kind: 'signOut',
      });
      expect(landingDecision({ ...failed, sites: [] })).toEqual({ kind: 'signOut' });
    });

    it('signs out when the sites are refused, and stays when offline', () => {
      expect(landingDecision({ ...failed, sitesFailure: { status: 503 } })).toEqual({
        kind: 'signOut',
      });
      expect(landingDecision({ ...failed, sitesFailure: { status: undefined } })).toEqual({
        kind: 'offline',
      });
    });
  });
});

describe('siteFailureAction (§2 site load failure)', () => {
  it.each([
    [403, false, { kind: 'redirect', to: '/dashboard' }],
    [403, true, { kind: 'redirect', to: '/dashboard' }],
    [404, false, { kind: 'reset', to: '/', state: { failedSiteId: 5 } }],
    [500, false, { kind: 'reset', to: '/', state: { failedSiteId: 5 } }],
    [404, true, { kind: 'reset', to: '/notfound' }],
    [undefined, false, { kind: 'offline' }],
  ] as const)('status %s (fallback %s) → %o', (status, fallback, action) => {
    expect(siteFailureAction(status, { siteId: 5, fallback })).toEqual(action);
  });
});

describe('valveScheduling (§4 zone- or valve-based)', () => {
  const zone = (id: number, irrigationType: IrrigationType) =>
    buildProgramZone({ id, application: { ...buildProgramZone().application, irrigationType } });

  it.each([
    [[zone(1, 'valveControlledZone'), zone(2, 'manySprinklerZone')], 2, 'valve'],
    [[zone(1, 'valveControlledZone'), zone(2, 'manySprinklerZone')], 1, 'zone'],
    [[zone(1, 'cycleControlledZone')], 99, 'valve'],
    [[zone(1, 'singleSprinklerZone')], null, 'zone'],
    [[], 1, undefined],
  ] as const)('zones %#, section %s → %s', (zones, section, mode) => {
    expect(valveScheduling([buildProgram({ zones: [...zones] })], section)).toBe(mode);
  });

  it('is undefined without programs', () => {
    expect(valveScheduling(undefined, 1)).toBeUndefined();
  });
});

describe('deepLinkTarget (§2 redirect route)', () => {
  const site = buildSite({
    id: 4,
    areas: [
      buildArea({ id: 9, type: 'irrigation' }),
      buildArea({ id: 10, type: 'water', capabilities: ['water', 'things'] }),
      buildArea({ id: 11, type: 'frost', capabilities: ['temperature'] }),
    ],
  });
  const link = (type: DeepLinkRoute['type'], target: number, areaId = 9): DeepLinkRoute => ({
    kind: 'deepLink',
    siteId: 4,
    areaId,
    type,
    target,
  });

  it('sends a radio to telemetry selecting it, or plain telemetry when not found', () => {
    expect(
      deepLinkTarget({ route: link('radio', 3), site, things: { radio: buildRadio({ id: 3 }) } }),
    ).toBe('/4/telemetry/9?radio=3');
    expect(deepLinkTarget({ route: link('radio', 3), site, things: { radio: null } })).toBe(
      '/4/telemetry/9',
    );
  });

  it('sends a unit serving the area to telemetry with ?type=unit&target=', () => {
    const units = [buildUnit({ id: 8, areas: [9, 10] }), buildUnit({ id: 12, areas: [11] })];
    expect(deepLinkTarget({ route: link('unit', 8), site, things: { units } })).toBe(
      '/4/telemetry/9?type=unit&target=8',
    );
    expect(deepLinkTarget({ route: link('unit', 12), site, things: { units } })).toBe(
      '/4/telemetry/9',
    );
  });

  it('sends a valve to its zone, with ?valve= under valve-based scheduling', () => {
    const valve = buildControl({ id: 21, type: 'valve', area: 9, section: 5 });
    const programs = (irrigationType: IrrigationType) => [
      buildProgram({
        zones: [
          buildProgramZone({
            id: 5,
            application: { ...buildProgramZone().application, irrigationType },
          }),
        ],
      }),
    ];
    expect(
      deepLinkTarget({
        route: link('control', 21),
        site,
        things: { control: valve, programs: programs('valveControlledZone') },
      }),
    ).toBe('/4/irrigation/9/zone/5');
    expect(
      deepLinkTarget({
        route: link('control', 21),
        site,
        things: { control: valve, programs: programs('manySprinklerZone') },
      }),
    ).toBe('/4/irrigation/9/zone/5?valve=21');
  });

  it('treats a control of another area as not found (the area page)', () => {
    const valve = buildControl({ id: 21, type: 'valve', area: 10, section: 5 });
    expect(deepLinkTarget({ route: link('control', 21), site, things: { control: valve } })).toBe(
      '/4/irrigation/9',
    );
  });

  it('sends add-on controls and sensors to add-ons with thing and type', () => {
    const pump = buildControl({ id: 30, type: 'pump', area: 10, section: null });
    expect(
      deepLinkTarget({ route: link('control', 30, 10), site, things: { control: pump } }),
    ).toBe('/4/addons/10?thing=30&type=pump');
    const meter = buildSensor({ id: 40, type: 'watermeter' });
    expect(
      deepLinkTarget({ route: link('sensor', 40, 10), site, things: { sensors: [meter] } }),
    ).toBe('/4/addons/10?thing=40&type=waterMeter');
  });

  it('sends a sensor that is no add-on to the area page', () => {
    const probe = buildSensor({ id: 41, type: 'temperature' });
    expect(
      deepLinkTarget({ route: link('sensor', 41, 11), site, things: { sensors: [probe] } }),
    ).toBe('/4/frost/11');
  });

  it('sends an area the site lacks to the site default (§2 unknown area)', () => {
    expect(deepLinkTarget({ route: link('radio', 3, 77), site, things: {} })).toBe('/4/summary');
  });
});

describe('isRouteScopedQuery (§2 60 s route refresh)', () => {
  it.each([
    [['sites', 4, 'summary'], true],
    [['sites', 4, 'units'], true],
    [['sites', 4], false], // polls on its own
    [['sites', 5, 'summary'], false],
    [['sites', { country: [] }, false], false],
    [['areas', 9, 'programs'], true],
    [['areas', 10, 'programs'], false],
    [['radios', 3], false],
  ])('%j → %s', (queryKey, expected) => {
    expect(isRouteScopedQuery(queryKey, { siteId: 4, areaId: 9 })).toBe(expected);
  });

  it('reaches no area query without an area', () => {
    expect(isRouteScopedQuery(['areas', 9, 'programs'], { siteId: 4 })).toBe(false);
  });
});
