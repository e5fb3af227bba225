/** Map constants of §9: marker scales, wind direction sectors, zoom limits, the initial location. */

/** Scale of a section's circle marker. */
export const SECTION_MARKER_SCALE = 7;
/** Scale of a unit's marker. */
export const UNIT_MARKER_SCALE = 8;
/** Scale of a valve's marker. */
export const VALVE_MARKER_SCALE = 9;

/** Scales of a radio's signal marker (§9 limits): a repeater's is larger, and large mode larger still. */
export const SIGNAL_SCALE = {
  radio: 4,
  repeater: 5,
  large: 7,
} as const;

/**
 * A radio marker's scale — the "radio scale from a helper" of §9 map and the "signal scale" of §9
 * limits, one rule. Decision: large mode wins over the repeater scale.
 */
export function signalScale(options: {
  readonly repeater?: boolean;
  readonly large?: boolean;
}): number {
  if (options.large) return SIGNAL_SCALE.large;
  return options.repeater ? SIGNAL_SCALE.repeater : SIGNAL_SCALE.radio;
}

/**
 * The sixteen wind direction sectors, in degrees, exactly as §9 lists them (313 and 336 rather
 * than the even 315 and 338).
 */
export const WIND_SECTORS_DEG = [
  0, 23, 45, 68, 90, 113, 135, 158, 180, 203, 225, 248, 270, 293, 313, 336,
] as const;

export type WindSectorAngle = (typeof WIND_SECTORS_DEG)[number];

export interface WindSector {
  /** 0 (north) to 15. */
  readonly index: number;
  readonly angle: WindSectorAngle;
}

/** Shortest way round the circle between two bearings, 0–180. */
function bearingDistance(a: number, b: number): number {
  const d = Math.abs(a - b) % 360;
  return d > 180 ? 360 - d : d;
}

/**
 * The sector nearest a wind bearing, going round the circle (359° is north, −10° is 350°).
 * A bearing halfway between two sectors takes the earlier one. Null when not a finite number.
 */
export function windSector(degrees: number | null | undefined): WindSector | null {
  if (degrees === null || degrees === undefined || !Number.isFinite(degrees)) return null;
  const bearing = ((degrees % 360) + 360) % 360;
  let best: WindSector = { index: 0, angle: WIND_SECTORS_DEG[0] };
  for (const [index, angle] of WIND_SECTORS_DEG.entries()) {
    if (bearingDistance(bearing, angle) < bearingDistance(bearing, best.angle)) {
      best = { index, angle };
    }
  }
  return best;
}

/** Wind direction markers sit this many degrees of longitude east of their station, so both show. */
export const WIND_MARKER_LONGITUDE_OFFSET_DEG = 0.00072;

export const MIN_ZOOM = 10;
export const MAX_ZOOM = 21;

/** A zoom level kept between 10 and 21; an empty one (missing or not a number) is 10. */
export function clampZoom(zoom: number | null | undefined): number {
  if (zoom === null || zoom === undefined || Number.isNaN(zoom)) return MIN_ZOOM;
  return Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, zoom));
}

/** Map width (px) from which a zone is zoomed with the wide setting. */
export const ZONE_ZOOM_WIDE_MIN_PX = 1100;

/** The zone zoom setting for a map this wide (px): 1 when at least 1100 px, else 3. */
export function zoneZoom(widthPx: number): 1 | 3 {
  return widthPx >= ZONE_ZOOM_WIDE_MIN_PX ? 1 : 3;
}

/** Where a map opens before any site bounds or stored initialLocation (§9: a city in New Zealand). */
export const DEFAULT_INITIAL_LOCATION = {
  label: 'Hamilton',
  lat: -37.787,
  lng: 175.2793,
} as const;
