/**
 * Locations and shapes (§3 "Location/outline text", "Geometry"). Devices, sections and areas carry
 * their position as JSON text with lat first; geometry is GeoJSON, which puts lng first.
 */
import { z } from 'zod';
import { LOCATION_TEXT_MAX_LENGTH, OUTLINE_TEXT_MAX_LENGTH } from '../constants/limits.ts';

export const latitudeSchema = z.number().min(-90).max(90);
export const longitudeSchema = z.number().min(-180).max(180);

/** A position as the console and the maps library use it. */
export const latLngSchema = z.object({ lat: latitudeSchema, lng: longitudeSchema });
export type LatLng = z.infer<typeof latLngSchema>;

/**
 * One point inside location text: `[lat, lng]` (lat first, §3) or `{"lat":…, "lng":…}`.
 * Decision: both spellings are read; {@link formatPointText} writes the array form.
 */
const pointJsonSchema = z.union([
  z.tuple([latitudeSchema, longitudeSchema]).transform(([lat, lng]) => ({ lat, lng })),
  latLngSchema,
]);

const polygonJsonSchema = z.array(pointJsonSchema).min(3, 'A polygon needs at least 3 points');

/** JSON text → unknown, reporting unparsable text as a zod issue rather than throwing. */
const jsonTextSchema = z.string().transform((text, ctx): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    ctx.addIssue({ code: 'custom', message: 'Not valid JSON text' });
    return z.NEVER;
  }
});

/** Location text (§3): a JSON point with lat first, parsed into a {@link LatLng}. */
export const pointTextSchema = jsonTextSchema.pipe(pointJsonSchema);

/** Outline text (§3): a JSON polygon (array of lat-first points, at least 3), parsed into LatLng[]. */
export const polygonTextSchema = jsonTextSchema.pipe(polygonJsonSchema);

/** The wire form of location text: kept as text, but it must parse as a point. */
export const locationTextSchema = z
  .string()
  .max(LOCATION_TEXT_MAX_LENGTH)
  .refine((text) => pointTextSchema.safeParse(text).success, 'Not a valid location point');

/** The wire form of outline text: kept as text, but it must parse as a polygon. */
export const outlineTextSchema = z
  .string()
  .max(OUTLINE_TEXT_MAX_LENGTH)
  .refine((text) => polygonTextSchema.safeParse(text).success, 'Not a valid outline polygon');

/** Reads location text; null when it is not a valid point. */
export function parsePointText(text: string): LatLng | null {
  const result = pointTextSchema.safeParse(text);
  return result.success ? result.data : null;
}

/** Reads outline text; null when it is not a valid polygon. */
export function parsePolygonText(text: string): LatLng[] | null {
  const result = polygonTextSchema.safeParse(text);
  return result.success ? result.data : null;
}

/** Writes location text in the lat-first array form. */
export function formatPointText(point: LatLng): string {
  return JSON.stringify([point.lat, point.lng]);
}

/** Writes outline text as an array of lat-first points. */
export function formatPolygonText(points: readonly LatLng[]): string {
  return JSON.stringify(points.map((point) => [point.lat, point.lng]));
}

/** A GeoJSON position: longitude first (RFC 7946). */
export const positionSchema = z.tuple([longitudeSchema, latitudeSchema]);
export type Position = z.infer<typeof positionSchema>;

const samePosition = (a: Position, b: Position): boolean => a[0] === b[0] && a[1] === b[1];

/** A GeoJSON linear ring: closed (first = last) with at least 4 positions, i.e. 3 corners. */
export const linearRingSchema = z
  .array(positionSchema)
  .min(4, 'A ring needs at least 4 positions')
  .refine((ring) => {
    const first = ring[0];
    const last = ring[ring.length - 1];
    return first !== undefined && last !== undefined && samePosition(first, last);
  }, 'A ring must be closed (first position equals last)');

export const pointGeometrySchema = z.object({
  type: z.literal('Point'),
  coordinates: positionSchema,
});

/** Outer ring first, then holes (RFC 7946). */
export const polygonGeometrySchema = z.object({
  type: z.literal('Polygon'),
  coordinates: z.array(linearRingSchema).min(1),
});

/** Geometry (§3): type Point or Polygon, GeoJSON order lng, lat. */
export const geometrySchema = z.discriminatedUnion('type', [
  pointGeometrySchema,
  polygonGeometrySchema,
]);
export type Geometry = z.infer<typeof geometrySchema>;
export type PointGeometry = z.infer<typeof pointGeometrySchema>;
export type PolygonGeometry = z.infer<typeof polygonGeometrySchema>;

/** A point as GeoJSON geometry. */
export function pointToGeometry(point: LatLng): PointGeometry {
  return { type: 'Point', coordinates: [point.lng, point.lat] };
}

/** A polygon (open or closed list of corners) as GeoJSON geometry with a closed outer ring. */
export function polygonToGeometry(points: readonly LatLng[]): PolygonGeometry {
  const ring: Position[] = points.map((point) => [point.lng, point.lat]);
  const first = ring[0];
  const last = ring[ring.length - 1];
  if (first !== undefined && last !== undefined && !samePosition(first, last)) ring.push(first);
  return { type: 'Polygon', coordinates: [ring] };
}

/** Map bounds (§3 settings.bounds), in the maps library's literal form. South must not exceed north. */
export const boundsSchema = z
  .object({
    north: latitudeSchema,
    south: latitudeSchema,
    east: longitudeSchema,
    west: longitudeSchema,
  })
  .refine((bounds) => bounds.south <= bounds.north, 'South edge is north of the north edge');
export type Bounds = z.infer<typeof boundsSchema>;
