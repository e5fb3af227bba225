import { describe, expect, it } from 'vitest';
import {
  boundsSchema,
  formatPointText,
  formatPolygonText,
  geometrySchema,
  latLngSchema,
  locationTextSchema,
  outlineTextSchema,
  parsePointText,
  parsePolygonText,
  pointTextSchema,
  pointToGeometry,
  polygonTextSchema,
  polygonToGeometry,
} from './geometry.ts';

const hastings = { lat: -39.6111, lng: 176.8216 };
const griffith = { lat: -34.2886, lng: 146.0506 };

describe('§3 LatLng', () => {
  it.each([
    [hastings, true],
    [griffith, true],
    [{ lat: -90, lng: 180 }, true],
    [{ lat: 90.0001, lng: 0 }, false],
    [{ lat: -91, lng: 0 }, false],
    [{ lat: 0, lng: 180.5 }, false],
    [{ lat: 0 }, false],
  ])('%j is accepted: %s', (value, ok) => {
    expect(latLngSchema.safeParse(value).success).toBe(ok);
  });
});

describe('§3 location text: a point as JSON with lat first', () => {
  it.each([
    ['[-39.6111,176.8216]', hastings],
    ['{"lat":-34.2886,"lng":146.0506}', griffith],
  ])('%s parses to %j', (text, point) => {
    expect(pointTextSchema.parse(text)).toEqual(point);
  });

  it.each([
    ['lat out of range (lng first by mistake)', '[176.8216,-39.6111]'],
    ['not JSON', 'Hastings'],
    ['three numbers', '[-39.6,176.8,12]'],
    ['text numbers', '["-39.6","176.8"]'],
    ['empty', ''],
  ])('refuses %s', (_why, text) => {
    expect(pointTextSchema.safeParse(text).success).toBe(false);
    expect(parsePointText(text)).toBeNull();
    expect(locationTextSchema.safeParse(text).success).toBe(false);
  });

  it('writes lat first and reads back what it wrote', () => {
    const text = formatPointText(hastings);
    expect(text).toBe('[-39.6111,176.8216]');
    expect(parsePointText(text)).toEqual(hastings);
    expect(locationTextSchema.parse(text)).toBe(text);
  });
});

describe('§3 outline text: a polygon as JSON', () => {
  const block = [
    { lat: -39.61, lng: 176.82 },
    { lat: -39.61, lng: 176.823 },
    { lat: -39.612, lng: 176.823 },
  ];

  it('parses a triangle of lat-first points', () => {
    expect(polygonTextSchema.parse('[[-39.61,176.82],[-39.61,176.823],[-39.612,176.823]]')).toEqual(
      block,
    );
  });

  it.each([
    ['two points', '[[-39.61,176.82],[-39.61,176.823]]'],
    ['a point, not a polygon', '[-39.61,176.82]'],
    ['one corner out of range', '[[-39.61,176.82],[-39.61,196.823],[-39.612,176.823]]'],
    ['not JSON', '[[-39.61,176.82'],
  ])('refuses %s', (_why, text) => {
    expect(polygonTextSchema.safeParse(text).success).toBe(false);
    expect(parsePolygonText(text)).toBeNull();
    expect(outlineTextSchema.safeParse(text).success).toBe(false);
  });

  it('writes and reads back', () => {
    expect(parsePolygonText(formatPolygonText(block))).toEqual(block);
  });
});

describe('§3 geometry: Point or Polygon, GeoJSON lng first', () => {
  const ring = [
    [176.82, -39.61],
    [176.823, -39.61],
    [176.823, -39.612],
    [176.82, -39.61],
  ];

  it.each([
    ['a point', { type: 'Point', coordinates: [176.8216, -39.6111] }, true],
    ['a closed polygon', { type: 'Polygon', coordinates: [ring] }, true],
    ['a point with lat first', { type: 'Point', coordinates: [-39.6111, 176.8216] }, false],
    ['an open ring', { type: 'Polygon', coordinates: [ring.slice(0, 3)] }, false],
    [
      'a ring not closed',
      {
        type: 'Polygon',
        coordinates: [[...ring.slice(0, 3), [176.821, -39.611]]],
      },
      false,
    ],
    ['a polygon with no ring', { type: 'Polygon', coordinates: [] }, false],
    ['an unknown type', { type: 'LineString', coordinates: ring }, false],
  ])('%s is accepted: %s', (_why, value, ok) => {
    expect(geometrySchema.safeParse(value).success).toBe(ok);
  });

  it('converts points and polygons, closing the ring', () => {
    expect(pointToGeometry(hastings)).toEqual({ type: 'Point', coordinates: [176.8216, -39.6111] });
    const polygon = polygonToGeometry([
      { lat: -39.61, lng: 176.82 },
      { lat: -39.61, lng: 176.823 },
      { lat: -39.612, lng: 176.823 },
    ]);
    expect(polygon.coordinates[0]).toEqual(ring);
    expect(geometrySchema.safeParse(polygon).success).toBe(true);
  });
});

describe('§3 settings.bounds', () => {
  it.each([
    [{ north: -39.6, south: -39.62, east: 176.83, west: 176.81 }, true],
    [{ north: -39.62, south: -39.6, east: 176.83, west: 176.81 }, false],
    [{ north: -39.6, south: -39.62, east: 176.83 }, false],
  ])('%j is accepted: %s', (value, ok) => {
    expect(boundsSchema.safeParse(value).success).toBe(ok);
  });
});
