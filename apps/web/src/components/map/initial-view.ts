/**
 * Where a map first looks (§9 Map): fitted to what it shows, with a margin, or, with nothing to
 * show, the default initial location at the lowest zoom. Shared by the area and site maps.
 */
import { DEFAULT_INITIAL_LOCATION, MIN_ZOOM, type Bounds, type LatLng } from '@paddock/domain';
import L from 'leaflet';

/** The margin kept around what a map fits, in pixels. */
export const FIT_PADDING: L.PointTuple = [24, 24];

/** MapContainer's first view: the bounds with the margin, else the default location. */
export function initialView(bounds: L.LatLngBounds | null) {
  return bounds
    ? { bounds, boundsOptions: { padding: FIT_PADDING } }
    : {
        center: [DEFAULT_INITIAL_LOCATION.lat, DEFAULT_INITIAL_LOCATION.lng] as L.LatLngTuple,
        zoom: MIN_ZOOM,
      };
}

/**
 * The bounds a map first fits: its own (§3 settings.bounds), else the corners of what it draws
 * (south-west, north-east); null when it has neither.
 */
export function firstBounds(
  bounds: Bounds | null,
  drawn: readonly [LatLng, LatLng] | null,
): L.LatLngBounds | null {
  if (bounds) return L.latLngBounds([bounds.south, bounds.west], [bounds.north, bounds.east]);
  return drawn ? L.latLngBounds(drawn[0], drawn[1]) : null;
}
