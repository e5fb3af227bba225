/**
 * Shapes for the seed: blocks laid out in a grid and the sectors of a centre pivot, placed in
 * metres from a real corner of a real farm and written as lat/lng. Pure, so the same seed always
 * draws the same map.
 */
import type { Bounds, LatLng } from '@paddock/domain';

/** Metres per degree of latitude (and of longitude at the equator), close enough at farm scale. */
const METRES_PER_DEGREE = 111_320;

/** Six decimals is ~0.1 m: finer than any outline needs, and short text. */
function round(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

/** The point `north` metres north and `east` metres east of `origin`. */
export function offset(origin: LatLng, north: number, east: number): LatLng {
  const lat = origin.lat + north / METRES_PER_DEGREE;
  const lng = origin.lng + east / (METRES_PER_DEGREE * Math.cos((origin.lat * Math.PI) / 180));
  return { lat: round(lat), lng: round(lng) };
}

/** A rectangle's corners, clockwise from the north-west, `width` metres east and `height` south. */
export function rectangle(northWest: LatLng, width: number, height: number): LatLng[] {
  return [
    northWest,
    offset(northWest, 0, width),
    offset(northWest, -height, width),
    offset(northWest, -height, 0),
  ];
}

export type GridOptions = {
  /** North-west corner of the first block. */
  origin: LatLng;
  count: number;
  columns: number;
  /** Block size in metres, east-west and north-south. */
  width: number;
  height: number;
  /** Headland (track) between blocks, metres. */
  gap?: number;
};

/** Blocks in rows from the north-west corner, left to right then down, as a vineyard is planted. */
export function blockGrid(options: GridOptions): LatLng[][] {
  const gap = options.gap ?? 8;
  return Array.from({ length: options.count }, (_, index) => {
    const row = Math.floor(index / options.columns);
    const column = index % options.columns;
    const corner = offset(
      options.origin,
      -row * (options.height + gap),
      column * (options.width + gap),
    );
    return rectangle(corner, options.width, options.height);
  });
}

/**
 * The sectors of a centre pivot of `radius` metres: each a wedge from the centre along the arc,
 * starting at north and turning clockwise, with a corner every few degrees so the arc looks round.
 */
export function pivotSectors(centre: LatLng, radius: number, sectors: number): LatLng[][] {
  const span = 360 / sectors;
  const stepsPerSector = Math.max(2, Math.round(span / 10));
  return Array.from({ length: sectors }, (_, sector) => {
    const arc = Array.from({ length: stepsPerSector + 1 }, (_, step) => {
      const bearing = ((sector * span + (step * span) / stepsPerSector) * Math.PI) / 180;
      return offset(centre, radius * Math.cos(bearing), radius * Math.sin(bearing));
    });
    return [centre, ...arc];
  });
}

/** The average of the corners: inside any convex block or sector, where its marker goes. */
export function centroid(points: readonly LatLng[]): LatLng {
  const lat = points.reduce((sum, point) => sum + point.lat, 0) / points.length;
  const lng = points.reduce((sum, point) => sum + point.lng, 0) / points.length;
  return { lat: round(lat), lng: round(lng) };
}

/** The smallest bounds holding every point, widened by `margin` metres on each side. */
export function boundsOf(points: readonly LatLng[], margin = 0): Bounds {
  const lats = points.map((point) => point.lat);
  const lngs = points.map((point) => point.lng);
  const northEast = offset({ lat: Math.max(...lats), lng: Math.max(...lngs) }, margin, margin);
  const southWest = offset({ lat: Math.min(...lats), lng: Math.min(...lngs) }, -margin, -margin);
  return { north: northEast.lat, east: northEast.lng, south: southWest.lat, west: southWest.lng };
}

/** The bounds as a clockwise polygon, for the outline of an area that spans its blocks. */
export function boundsPolygon(bounds: Bounds): LatLng[] {
  return [
    { lat: bounds.north, lng: bounds.west },
    { lat: bounds.north, lng: bounds.east },
    { lat: bounds.south, lng: bounds.east },
    { lat: bounds.south, lng: bounds.west },
  ];
}

/** Splits bounds into `count` strips side by side, west to east (frost fan blocks). */
export function strips(bounds: Bounds, count: number): LatLng[][] {
  const width = (bounds.east - bounds.west) / count;
  return Array.from({ length: count }, (_, index) =>
    boundsPolygon({
      north: bounds.north,
      south: bounds.south,
      west: round(bounds.west + index * width),
      east: round(bounds.west + (index + 1) * width),
    }),
  );
}
