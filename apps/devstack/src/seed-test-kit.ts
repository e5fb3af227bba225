/** What the seed tests share: the time they seed at, and distances on a farm's map. */

export const NOW = new Date('2026-11-21T09:00:00.000Z');

/** Metres between two points, near enough at farm scale. */
export function metresBetween(
  a: { lat: number; lng: number },
  b: { lat: number; lng: number },
): number {
  const north = (a.lat - b.lat) * 111_320;
  const east = (a.lng - b.lng) * 111_320 * Math.cos((a.lat * Math.PI) / 180);
  return Math.hypot(north, east);
}
