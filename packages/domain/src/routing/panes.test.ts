import { describe, expect, it } from 'vitest';
import type { AreaCapability, Pane } from '../entities/vocabulary.ts';
import type { RoutingArea, RoutingSite } from './inputs.ts';
import {
  DEFAULT_DASHBOARD_PANE,
  DEFAULT_DETAIL_PANE,
  DEFAULT_IRRIGATION_MAP_OPTION,
  DEFAULT_IRRIGATION_PANE,
  HARDWARE_LIST_VIEWS,
  IRRIGATION_MAP_OPTIONS,
  IRRIGATION_PANES,
  PANE_IDS,
  paneOfId,
  routePane,
  sitePanePath,
  storedPlaces,
  ZONE_VIEW_PANES,
} from './panes.ts';
import { parseRoute } from './parse.ts';

describe('§2 Pane ids', () => {
  it.each<[Pane, number]>([
    ['irrigation', 1],
    ['frost', 2],
    ['addons', 3],
    ['telemetry', 4],
    ['summary', 5],
    ['weather', 6],
    ['users', 7],
  ])('%s is %i, and %i is %s', (pane, id) => {
    expect(PANE_IDS[pane]).toBe(id);
    expect(paneOfId(id)).toBe(pane);
  });

  it.each([0, 8, -1, 1.5])('%s is no pane id', (id) => {
    expect(paneOfId(id)).toBeUndefined();
  });

  it('irrigation panes: map (default), with map option zones (default)', () => {
    expect(IRRIGATION_PANES).toEqual(['map']);
    expect(DEFAULT_IRRIGATION_PANE).toBe('map');
    expect(IRRIGATION_MAP_OPTIONS).toEqual(['zones']);
    expect(DEFAULT_IRRIGATION_MAP_OPTION).toBe('zones');
  });

  it('zone views have Skipped, Active and Faults panes', () => {
    expect(ZONE_VIEW_PANES).toEqual(['Skipped', 'Active', 'Faults']);
  });

  it('hardware list views: Map, List, Events, Alarms, Detail, Chart, Telemetry', () => {
    const views = ['Map', 'List', 'Events', 'Alarms', 'Detail', 'Chart', 'Telemetry'];
    expect(HARDWARE_LIST_VIEWS).toEqual(views);
  });

  it('default dashboard pane irrigation, detail pane summary', () => {
    expect(DEFAULT_DASHBOARD_PANE).toBe('irrigation');
    expect(DEFAULT_DETAIL_PANE).toBe('summary');
  });
});

describe('§3 site and area storage: the pane shown, by its §2 number', () => {
  it.each<[string, Pane | undefined, ReturnType<typeof storedPlaces>]>([
    ['/12/irrigation/34', 'irrigation', { site: { id: 12, pane: 1 }, area: { id: 34, pane: 1 } }],
    [
      '/12/irrigation/34/zone/5',
      'irrigation',
      { site: { id: 12, pane: 1 }, area: { id: 34, pane: 1 } },
    ],
    ['/12/frost/34', 'frost', { site: { id: 12, pane: 2 }, area: { id: 34, pane: 2 } }],
    ['/12/addons/34', 'addons', { site: { id: 12, pane: 3 }, area: { id: 34, pane: 3 } }],
    ['/12/things/34', 'addons', { site: { id: 12, pane: 3 }, area: { id: 34, pane: 3 } }],
    ['/12/telemetry/34', 'telemetry', { site: { id: 12, pane: 4 }, area: { id: 34, pane: 4 } }],
    ['/12/summary', 'summary', { site: { id: 12, pane: 5 } }],
    ['/12/weather/34', 'weather', { site: { id: 12, pane: 6 }, area: { id: 34, pane: 6 } }],
    ['/12/users', 'users', { site: { id: 12, pane: 7 } }],
    ['/12', undefined, {}],
    ['/12/34/alarms', undefined, {}],
    ['/dashboard', undefined, {}],
    ['/', undefined, {}],
  ])('%s shows %s and stores %j', (path, pane, stored) => {
    const route = parseRoute(path);
    expect(routePane(route)).toBe(pane);
    expect(storedPlaces(route)).toEqual(stored);
  });
});

describe('§2 default dashboard pane and detail pane', () => {
  const area = (id: number, type: RoutingArea['type'], capabilities: AreaCapability[] = []) => ({
    id,
    label: `Block ${id}`,
    type,
    capabilities,
  });
  const site: RoutingSite = {
    id: 4,
    areas: [area(8, 'frost'), area(9, 'irrigation', ['weather']), area(10, 'irrigation')],
  };

  it('the dashboard offers irrigation, and a site opens on its summary', () => {
    expect(DEFAULT_DASHBOARD_PANE).toBe('irrigation');
    expect(DEFAULT_DETAIL_PANE).toBe('summary');
    expect(sitePanePath(site, DEFAULT_DASHBOARD_PANE)).toBe('/4/irrigation/9');
    expect(sitePanePath({ id: 4 }, DEFAULT_DETAIL_PANE)).toBe('/4/summary');
  });

  it.each<[string, RoutingSite, Pane, string | undefined]>([
    ['summary without areas', { id: 4 }, 'summary', '/4/summary'],
    ['users without areas', { id: 4 }, 'users', '/4/users'],
    ['irrigation: the first irrigation area', site, 'irrigation', '/4/irrigation/9'],
    ['frost: the frost area', site, 'frost', '/4/frost/8'],
    ['weather: the first area with weather', site, 'weather', '/4/weather/9'],
    ['telemetry: every area has it, so the first', site, 'telemetry', '/4/telemetry/8'],
    ['addons: no area has it', site, 'addons', undefined],
    ['irrigation: areas not known (GET sites)', { id: 4 }, 'irrigation', undefined],
    ['irrigation: no areas', { id: 4, areas: [] }, 'irrigation', undefined],
  ])('%s', (_name, given, pane, path) => {
    expect(sitePanePath(given, pane)).toBe(path);
  });
});
