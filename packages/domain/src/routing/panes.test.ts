import { describe, expect, it } from 'vitest';
import type { Pane } from '../entities/vocabulary.ts';
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
  ZONE_VIEW_PANES,
} from './panes.ts';

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
