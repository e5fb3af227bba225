/**
 * What the area map draws (§2 map views "valves (markers and polygons)"): zone polygons coloured
 * by the §4 irrigation-colour rule, and circle markers for valves, units and radios at the §9
 * scales. Plain values only (numbers, strings and the parsed outlines, which keep their identity
 * across polls), so each map layer can skip re-rendering when nothing it draws has changed.
 */
import {
  COLOURS,
  isDangerColour,
  parsePointText,
  radioState,
  SECTION_MARKER_SCALE,
  signalScale,
  UNIT_MARKER_SCALE,
  VALVE_MARKER_SCALE,
  type Colour,
  type LatLng,
  type Radio,
  type RadioState,
  type Unit,
} from '@paddock/domain';
import {
  colourOf,
  TEST_COLOUR,
  type SectionShape,
  type ValveView,
  type ZoneView,
} from './irrigation-view.ts';

/** A device or zone the map can select (§4 map selection). */
export type MapItemKind = 'zone' | 'valve' | 'unit' | 'radio';
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
}

/**
 * A zone polygon: fill by the §4 irrigation colour; stroke the irrigated colour when paused
 * without faults (§4), the test colour in test mode (§4 "variation manual and banned"), and a
 * dark outline where the stroke would be the pale stopped colour.
 */
export function mapZone(view: ZoneView, shape: SectionShape | undefined): MapZone {
  const stroke = view.testMode
    ? TEST_COLOUR
    : view.stroke === 'stopped'
      ? OUTLINE_COLOUR
      : colourOf(view.stroke);
  return {
    id: view.id,
    label: view.label,
    outline: shape?.outline ?? null,
    point: shape?.point ?? null,
    fill: colourOf(view.fill),
    stroke,
    dashed: view.banned,
  };
}

/** §9 "section marker circle scale 7": a zone with a location but no outline. */
export const SECTION_MARKER_RADIUS = SECTION_MARKER_SCALE;

export function valveMarker(valve: ValveView): MapMarker | null {
  if (!valve.position) return null;
  return {
    kind: 'valve',
    id: valve.id,
    label: valve.label,
    position: valve.position,
    radius: VALVE_MARKER_SCALE,
    fill: colourOf(valve.colourState),
    dashed: valve.excluded,
  };
}

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

/** Which kinds of markers the map shows (the legend's toggles). */
export interface MapLayers {
  readonly valves: boolean;
  readonly units: boolean;
  readonly radios: boolean;
}

export const ALL_LAYERS: MapLayers = { valves: true, units: true, radios: true };

/** Every marker of the area in drawing order: valves, then units, then radios on top. */
export function mapMarkers(input: {
  valves: readonly ValveView[];
  units: readonly Unit[];
  radios: readonly Radio[];
  areaId: number;
  layers: MapLayers;
}): MapMarker[] {
  const { layers } = input;
  const markers: (MapMarker | null)[] = [
    ...(layers.valves ? input.valves.map(valveMarker) : []),
    ...(layers.units
      ? input.units.filter((unit) => unit.areas.includes(input.areaId)).map(unitMarker)
      : []),
    ...(layers.radios ? input.radios.map(radioMarker) : []),
  ];
  return markers.filter((marker): marker is MapMarker => marker !== null);
}

/** The bounds of every zone outline and point, as [south-west, north-east]; null when none. */
export function zonesBounds(zones: readonly MapZone[]): [LatLng, LatLng] | null {
  const points = zones.flatMap((zone) => zone.outline ?? (zone.point ? [zone.point] : []));
  if (points.length === 0) return null;
  const lats = points.map((point) => point.lat);
  const lngs = points.map((point) => point.lng);
  return [
    { lat: Math.min(...lats), lng: Math.min(...lngs) },
    { lat: Math.max(...lats), lng: Math.max(...lngs) },
  ];
}
