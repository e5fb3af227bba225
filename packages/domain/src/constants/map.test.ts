import { describe, expect, it } from 'vitest';
import {
  clampZoom,
  DEFAULT_INITIAL_LOCATION,
  MAX_ZOOM,
  MIN_ZOOM,
  SECTION_MARKER_SCALE,
  signalScale,
  UNIT_MARKER_SCALE,
  VALVE_MARKER_SCALE,
  WIND_MARKER_LONGITUDE_OFFSET_DEG,
  WIND_SECTORS_DEG,
  windSector,
  zoneZoom,
} from './map.ts';

describe('§9 map marker scales', () => {
  it.each([
    ['section', SECTION_MARKER_SCALE, 7],
    ['unit', UNIT_MARKER_SCALE, 8],
    ['valve', VALVE_MARKER_SCALE, 9],
  ])('%s marker scale is %d', (_name, actual, expected) => {
    expect(actual).toBe(expected);
  });

  it.each([
    [{ repeater: true }, 5],
    [{ repeater: false }, 4],
    [{}, 4],
    [{ large: true }, 7],
    [{ repeater: true, large: true }, 7],
    [{ repeater: true, large: false }, 5],
  ])('signal scale of %j is %d', (options, scale) => {
    expect(signalScale(options)).toBe(scale);
  });
});

describe('§9 wind direction in 16 sectors', () => {
  it('keeps the spec’s list exactly, including 313 and 336', () => {
    expect(WIND_SECTORS_DEG).toEqual([
      0, 23, 45, 68, 90, 113, 135, 158, 180, 203, 225, 248, 270, 293, 313, 336,
    ]);
  });

  it.each([
    [0, 0, 0],
    [11, 0, 0],
    [11.5, 0, 0],
    [12, 1, 23],
    [23, 1, 23],
    [90, 4, 90],
    [180, 8, 180],
    [303, 13, 293],
    [303.5, 14, 313],
    [315, 14, 313],
    [324.5, 14, 313],
    [325, 15, 336],
    [347, 15, 336],
    [348, 0, 0],
    [359, 0, 0],
    [360, 0, 0],
    [383, 1, 23],
    [720, 0, 0],
    [-1, 0, 0],
    [-10, 0, 0],
    [-24, 15, 336],
    [-90, 12, 270],
  ])('%d° is sector %d (%d°)', (degrees, index, angle) => {
    expect(windSector(degrees)).toEqual({ index, angle });
  });

  it.each([null, undefined, Number.NaN, Number.POSITIVE_INFINITY])('no sector for %s', (value) => {
    expect(windSector(value)).toBeNull();
  });

  it('wind markers are offset 0.00072° of longitude', () => {
    expect(WIND_MARKER_LONGITUDE_OFFSET_DEG).toBe(0.00072);
  });
});

describe('§9 zoom', () => {
  it('is between 10 and 21', () => {
    expect([MIN_ZOOM, MAX_ZOOM]).toEqual([10, 21]);
  });

  it.each([
    [9, 10],
    [10, 10],
    [15, 15],
    [15.5, 15.5],
    [21, 21],
    [22, 21],
    [-3, 10],
    [undefined, 10],
    [null, 10],
    [Number.NaN, 10],
  ])('zoom %s is kept as %d', (zoom, kept) => {
    expect(clampZoom(zoom)).toBe(kept);
  });

  it.each([
    [1099, 3],
    [1100, 1],
    [1920, 1],
    [375, 3],
  ])('zone zoom at width %d px is %d', (width, zoom) => {
    expect(zoneZoom(width)).toBe(zoom);
  });
});

describe('§9 default initial location is a city in New Zealand', () => {
  it('is Hamilton, inside New Zealand', () => {
    expect(DEFAULT_INITIAL_LOCATION.label).toBe('Hamilton');
    expect(DEFAULT_INITIAL_LOCATION.lat).toBeGreaterThan(-47.5);
    expect(DEFAULT_INITIAL_LOCATION.lat).toBeLessThan(-34);
    expect(DEFAULT_INITIAL_LOCATION.lng).toBeGreaterThan(166);
    expect(DEFAULT_INITIAL_LOCATION.lng).toBeLessThan(179);
  });
});
