import { describe, expect, it } from 'vitest';
import { COLOUR_BAND_EDGES, colourBand, colourBandCount } from './colour-bands.ts';
import type { ColourBandKind } from './colour-bands.ts';

describe('§9 colour band edges', () => {
  it.each([
    ['windSpeed', [2, 6, 12, 20, 29, 39, 50, 62, 75, 89, 103, 118]],
    ['growingDays', [200, 400, 600, 800, 1000, 1200, 1400, 1600, 1800, 2000]],
    ['chillUnits', [100, 200, 300, 400, 500, 600, 700, 800, 900, 1000]],
    ['precipitation', [10, 15, 20, 25, 30, 35, 40, 45, 50, 55, 60]],
    ['humidity', [10, 20, 30, 40, 50, 60, 70, 80, 90]],
    ['soilMoisture', [10, 20, 30, 40, 50, 60, 70, 80, 90]],
    ['airDensity', [10, 20, 30, 40, 50, 60, 70, 80, 90]],
    ['temperature', [-10, 0, 5, 15, 25, 35, 45]],
    ['dewPoint', [-20, -15, -10, -5, 0, 5, 10, 15, 20, 25, 30, 35, 40, 45, 50, 55]],
  ] as const)('%s cuts at %j', (kind, edges) => {
    expect(COLOUR_BAND_EDGES[kind]).toEqual(edges);
    expect(colourBandCount(kind)).toBe(edges.length + 1);
  });

  it.each(Object.entries(COLOUR_BAND_EDGES))('%s edges strictly ascend', (_kind, edges) => {
    for (let i = 1; i < edges.length; i += 1) {
      expect(edges[i]).toBeGreaterThan(edges[i - 1] as number);
    }
  });
});

describe('§9 colour band of a value: an edge belongs to the band above', () => {
  it.each<[ColourBandKind, number, number, number | null, number | null]>([
    // Wind: below 2 is band 0 (white); band n is Beaufort n.
    ['windSpeed', 0, 0, null, 2],
    ['windSpeed', 1.99, 0, null, 2],
    ['windSpeed', 2, 1, 2, 6],
    ['windSpeed', 5.99, 1, 2, 6],
    ['windSpeed', 6, 2, 6, 12],
    ['windSpeed', 117.9, 11, 103, 118],
    ['windSpeed', 118, 12, 118, null],
    ['windSpeed', 400, 12, 118, null],
    // Growing degree days: 200 steps to 2000.
    ['growingDays', 199, 0, null, 200],
    ['growingDays', 200, 1, 200, 400],
    ['growingDays', 1999, 9, 1800, 2000],
    ['growingDays', 2000, 10, 2000, null],
    // Chill units: 100 steps to 1000.
    ['chillUnits', 99, 0, null, 100],
    ['chillUnits', 100, 1, 100, 200],
    ['chillUnits', 1000, 10, 1000, null],
    // Rain: below 10, then every 5 from 10 to 60.
    ['precipitation', 0, 0, null, 10],
    ['precipitation', 9.9, 0, null, 10],
    ['precipitation', 10, 1, 10, 15],
    ['precipitation', 14.9, 1, 10, 15],
    ['precipitation', 15, 2, 15, 20],
    ['precipitation', 59.9, 10, 55, 60],
    ['precipitation', 60, 11, 60, null],
    // Humidity, soil moisture, air density: 10 steps from 10 to 90.
    ['humidity', 9, 0, null, 10],
    ['humidity', 10, 1, 10, 20],
    ['humidity', 89, 8, 80, 90],
    ['humidity', 90, 9, 90, null],
    ['humidity', 100, 9, 90, null],
    ['soilMoisture', 50, 5, 50, 60],
    ['airDensity', 10, 1, 10, 20],
    // Temperature at -10, 0, 5, 15, 25, 35, 45.
    ['temperature', -10.1, 0, null, -10],
    ['temperature', -10, 1, -10, 0],
    ['temperature', -0.1, 1, -10, 0],
    ['temperature', 0, 2, 0, 5],
    ['temperature', 5, 3, 5, 15],
    ['temperature', 15, 4, 15, 25],
    ['temperature', 25, 5, 25, 35],
    ['temperature', 35, 6, 35, 45],
    ['temperature', 45, 7, 45, null],
    // Dew point -20 to 55 in steps of 5.
    ['dewPoint', -21, 0, null, -20],
    ['dewPoint', -20, 1, -20, -15],
    ['dewPoint', 54.9, 15, 50, 55],
    ['dewPoint', 55, 16, 55, null],
  ])('%s %d is band %d [%s, %s)', (kind, value, index, from, to) => {
    expect(colourBand(kind, value)).toEqual({ index, from, to });
  });

  it.each([null, undefined, Number.NaN])('no band for a missing reading (%s)', (value) => {
    expect(colourBand('temperature', value)).toBeNull();
  });

  it.each([
    [Number.NEGATIVE_INFINITY, 0],
    [Number.POSITIVE_INFINITY, 12],
  ])('wind %d falls in the end band %d', (value, index) => {
    expect(colourBand('windSpeed', value)?.index).toBe(index);
  });
});
