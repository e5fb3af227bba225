import { COLOURS, SIGNAL_SCALE, UNIT_MARKER_SCALE, VALVE_MARKER_SCALE } from '@paddock/domain';
import { buildRadio, buildUnit } from '@paddock/domain/testing';
import { describe, expect, it } from 'vitest';
import type { ValveView, ZoneView } from './irrigation-view.ts';
import {
  ALL_LAYERS,
  mapMarkers,
  mapZone,
  NEUTRAL_COLOUR,
  OUTLINE_COLOUR,
  sameMapItem,
  zonesBounds,
} from './map-layers.ts';

const view = (overrides: Partial<ZoneView>): ZoneView => ({
  id: 1,
  number: 1,
  label: 'Block A',
  zone: undefined,
  runState: 'stopped',
  banned: false,
  manual: false,
  testMode: false,
  sequence: 0,
  hasFaults: false,
  fill: 'stopped',
  stroke: 'stopped',
  scheduling: 'zone',
  runtimeMinutes: null,
  valves: [],
  ...overrides,
});

const valve = (overrides: Partial<ValveView> = {}): ValveView => ({
  id: 500,
  number: 1,
  label: 'Valve A',
  sectionId: 1,
  position: { lat: -39.6, lng: 176.8 },
  excluded: false,
  variation: 0,
  fault: false,
  status: 'stopped',
  device: 'inactive',
  colourState: 'stopped',
  ...overrides,
});

describe('zone polygons (§4 irrigation colour)', () => {
  it('fill and stroke follow the colour states', () => {
    const drawn = mapZone(view({ fill: 'running', stroke: 'running' }), undefined);
    expect([drawn.fill, drawn.stroke]).toEqual([COLOURS.running, COLOURS.running]);
  });

  it('a paused zone without faults has the irrigated stroke', () => {
    const drawn = mapZone(view({ runState: 'paused', stroke: 'irrigated' }), undefined);
    expect(drawn.stroke).toBe(COLOURS.irrigated);
  });

  it('test mode strokes in the test colour; banned zones are dashed', () => {
    const drawn = mapZone(view({ testMode: true, banned: true }), undefined);
    expect(drawn.stroke).toBe(COLOURS.test);
    expect(drawn.dashed).toBe(true);
  });

  it('a stopped zone gets a dark outline so it shows on a pale map', () => {
    expect(mapZone(view({}), undefined).stroke).toBe(OUTLINE_COLOUR);
  });
});

describe('markers (§9 scales)', () => {
  const markers = mapMarkers({
    valves: [valve(), valve({ id: 501, fault: true, colourState: 'fault', excluded: true })],
    units: [
      buildUnit({ id: 300, areas: [10], location: '[-39.6,176.8]' }),
      buildUnit({ id: 301, areas: [11], location: '[-39.6,176.8]' }),
      buildUnit({ id: 302, areas: [10], location: '[-39.6,176.8]', overdue: true }),
    ],
    radios: [
      buildRadio({ id: 200, location: '[-39.6,176.8]' }),
      buildRadio({
        id: 201,
        location: '[-39.6,176.8]',
        config: { repeater: true, coordinator: false, children: [] },
        overdue: true,
      }),
      buildRadio({ id: 202, location: null }),
    ],
    areaId: 10,
    layers: ALL_LAYERS,
  });
  const find = (kind: string, id: number) => markers.find((m) => m.kind === kind && m.id === id);

  it('valves at scale 9, units 8, radios by the signal scale', () => {
    expect(find('valve', 500)?.radius).toBe(VALVE_MARKER_SCALE);
    expect(find('unit', 300)?.radius).toBe(UNIT_MARKER_SCALE);
    expect(find('radio', 200)?.radius).toBe(SIGNAL_SCALE.radio);
    expect(find('radio', 201)?.radius).toBe(SIGNAL_SCALE.repeater);
  });

  it('only units serving the area, only devices with a location', () => {
    expect(find('unit', 301)).toBeUndefined();
    expect(find('radio', 202)).toBeUndefined();
  });

  it('colours: faulted valve, overdue unit and radio in danger; excluded valve dashed', () => {
    expect(find('valve', 501)?.fill).toBe(COLOURS.fault);
    expect(find('valve', 501)?.dashed).toBe(true);
    expect(find('unit', 302)?.fill).toBe(COLOURS.fault);
    expect(find('unit', 300)?.fill).toBe(NEUTRAL_COLOUR);
    expect(find('radio', 201)?.fill).toBe(COLOURS.fault);
  });

  it('a layer switched off draws none of its markers', () => {
    const valvesOnly = mapMarkers({
      valves: [valve()],
      units: [buildUnit({ areas: [10], location: '[-39.6,176.8]' })],
      radios: [],
      areaId: 10,
      layers: { ...ALL_LAYERS, units: false },
    });
    expect(valvesOnly.map((m) => m.kind)).toEqual(['valve']);
  });
});

describe('selection and bounds', () => {
  it('two selections are the same item by kind and id', () => {
    expect(sameMapItem({ kind: 'zone', id: 1 }, { kind: 'zone', id: 1 })).toBe(true);
    expect(sameMapItem({ kind: 'zone', id: 1 }, { kind: 'valve', id: 1 })).toBe(false);
  });

  it('the bounds of every outline and point', () => {
    const zones = [
      {
        ...mapZone(view({}), {
          outline: [
            { lat: 0, lng: 0 },
            { lat: 1, lng: 2 },
            { lat: 0, lng: 2 },
          ],
          point: null,
        }),
      },
      { ...mapZone(view({ id: 2 }), { outline: null, point: { lat: -1, lng: 5 } }) },
    ];
    expect(zonesBounds(zones)).toEqual([
      { lat: -1, lng: 0 },
      { lat: 1, lng: 5 },
    ]);
    expect(zonesBounds([])).toBeNull();
  });
});
