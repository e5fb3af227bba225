/**
 * What a hardware or area map draws (§2 map views): zone polygons and circle markers for valves,
 * units and radios at the §9 marker scales, in the §4/§9 colours. Shared by the irrigation map
 * and the hardware views (telemetry now; add-ons, weather and frost later). Plain values only
 * (numbers, strings and parsed outlines), so each map layer can skip re-rendering when nothing it
 * draws has changed.
 */
import {
  COLOURS,
  isDangerColour,
  parsePointText,
  radioState,
  SECTION_MARKER_SCALE,
  signalScale,
  UNIT_MARKER_SCALE,
  type Colour,
  type LatLng,
  type Radio,
  type RadioState,
  type Unit,
} from '@paddock/domain';

/** A device or zone the map can select (§4 map selection). */
type MapItemKind = 'zone' | 'valve' | 'unit' | 'radio' | 'sensor';
export interface MapSelection {
  readonly kind: MapItemKind;
  readonly id: number;
}

/** Two selections are the same item. */
export function sameMapItem(a: MapSelection, b: MapSelection): boolean {
  return a.kind === b.kind && a.id === b.id;
}

/** Drawn around every marker and a stopped zone, so pale colours show on a pale map. */
export const OUTLINE_COLOUR = '#37474F';
/** A device in no particular state (a healthy unit or radio). */
export const NEUTRAL_COLOUR = '#607D8B';

export interface MapZone {
  readonly id: number;
  readonly label: string;
  /** The polygon; null when the section has only a location (drawn as a circle marker). */
  readonly outline: readonly LatLng[] | null;
  readonly point: LatLng | null;
  readonly fill: Colour;
  readonly stroke: string;
  /** Banned (in no sequence, §4): drawn dashed. */
  readonly dashed: boolean;
}

export interface MapMarker {
  readonly kind: Exclude<MapItemKind, 'zone'>;
  readonly id: number;
  readonly label: string;
  readonly position: LatLng;
  /** Circle radius in pixels: the §9 marker scale. */
  readonly radius: number;
  readonly fill: string;
  /** Dashed outline: a valve excluded from runs (§4). */
  readonly dashed: boolean;
  /**
   * Drawn this many screen pixels east of its position, whatever the zoom, so it does not hide
   * what stands at the same place (§9: a canopy radio 50 from its section).
   */
  readonly shiftPx?: number;
  /** A ring in this colour instead of the plain outline (a frost fan's inversion class). */
  readonly stroke?: string;
}

/** §9 "section marker circle scale 7": a zone with a location but no outline. */
export const SECTION_MARKER_RADIUS = SECTION_MARKER_SCALE;

export function unitMarker(unit: Unit): MapMarker | null {
  const position = unit.location ? parsePointText(unit.location) : null;
  if (!position) return null;
  return {
    kind: 'unit',
    id: unit.id,
    label: unit.serialno,
    position,
    radius: UNIT_MARKER_SCALE,
    fill: isDangerColour(unit, 'unit') ? COLOURS.fault : NEUTRAL_COLOUR,
    dashed: false,
  };
}

/** §4 radio states as colours: faults danger, warnings warning, repeaters info, else neutral. */
const RADIO_COLOURS: Record<RadioState, string> = {
  fault: COLOURS.fault,
  'repeater-fault': COLOURS.fault,
  warning: COLOURS.warning,
  'repeater-warning': COLOURS.warning,
  repeater: COLOURS.info,
  normal: NEUTRAL_COLOUR,
};

export function radioMarker(radio: Radio): MapMarker | null {
  const position = radio.location ? parsePointText(radio.location) : null;
  if (!position) return null;
  return {
    kind: 'radio',
    id: radio.id,
    label: radio.serialno,
    position,
    radius: signalScale({ repeater: radio.config.repeater }),
    fill: RADIO_COLOURS[radioState(radio)],
    dashed: false,
  };
}

/** The bounds of every zone outline and point, as [south-west, north-east]; null when none. */
export function zonesBounds(zones: readonly MapZone[]): [LatLng, LatLng] | null {
  return pointsBounds(zones.flatMap((zone) => zone.outline ?? (zone.point ? [zone.point] : [])));
}

/** The corners of the points, as [south-west, north-east]; null when there are none. */
export function pointsBounds(points: readonly LatLng[]): [LatLng, LatLng] | null {
  if (points.length === 0) return null;
  const lats = points.map((point) => point.lat);
  const lngs = points.map((point) => point.lng);
  return [
    { lat: Math.min(...lats), lng: Math.min(...lngs) },
    { lat: Math.max(...lats), lng: Math.max(...lngs) },
  ];
}
