/**
 * What the area map draws (§2 map views "valves (markers and polygons)"): zone polygons coloured
 * by the §4 irrigation-colour rule, and circle markers for valves, units and radios at the §9
 * scales. Plain values only (numbers, strings and the parsed outlines, which keep their identity
 * across polls), so each map layer can skip re-rendering when nothing it draws has changed.
 */
import { VALVE_MARKER_SCALE, type Radio, type Unit } from '@paddock/domain';
import {
  OUTLINE_COLOUR,
  radioMarker,
  unitMarker,
  type MapMarker,
  type MapZone,
} from '../../components/map/map-items.ts';
import {
  colourOf,
  TEST_COLOUR,
  type SectionShape,
  type ValveView,
  type ZoneView,
} from './irrigation-view.ts';

// The map's items are shared with the hardware views (src/components/map).
export {
  NEUTRAL_COLOUR,
  OUTLINE_COLOUR,
  sameMapItem,
  zonesBounds,
  type MapMarker,
  type MapSelection,
  type MapZone,
} from '../../components/map/map-items.ts';

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

function valveMarker(valve: ValveView): MapMarker | null {
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

/** Which kinds of markers the map shows, and what colours its zones (the legend's toggles). */
export interface MapLayers {
  readonly valves: boolean;
  readonly units: boolean;
  readonly radios: boolean;
  /** Zones in their water balance bands (water-balance-layer.ts), not their irrigation colours. */
  readonly waterBalance: boolean;
}

/** Every marker kind, zones in their irrigation colours: the map as it opens. */
export const ALL_LAYERS: MapLayers = {
  valves: true,
  units: true,
  radios: true,
  waterBalance: false,
};

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
