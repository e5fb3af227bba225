/**
 * The irrigation area map (§2 map views; issue 6): zone polygons in the §4 irrigation colours,
 * valves, units and radios as circle markers at the §9 scales, the §4 selection (picking the
 * selected item again clears it), zoom kept between 10 and 21 (§9), and a zone brought into view
 * by the §9 zone zoom rule. Its own lazy chunk with Leaflet; it works with no tiles reachable
 * (the grey background shows and every shape is still drawn: they are vectors, not tiles).
 *
 * Each zone and marker is a memoised layer fed plain values, so a poll that changes one valve
 * re-renders one circle, not the 260 of a large area.
 */
import 'leaflet/dist/leaflet.css';
import { clampZoom, COLOURS, zoneZoom, type Bounds, type LatLng } from '@paddock/domain';
import L from 'leaflet';
import { memo, useEffect, useMemo, useState, type ReactNode } from 'react';
import { CircleMarker, Polygon, Tooltip, useMap, useMapEvents } from 'react-leaflet';
import { FIT_PADDING, firstBounds } from './initial-view.ts';
import { MapFrame } from './map-frame.tsx';
import {
  OUTLINE_COLOUR,
  SECTION_MARKER_RADIUS,
  zonesBounds,
  type MapMarker,
  type MapSelection,
  type MapZone,
} from './map-items.ts';

export interface AreaMapProps {
  /** Accessible name of the map region. */
  readonly label: string;
  /** The area's bounds (§3 settings.bounds); the zones' own bounds when absent. */
  readonly bounds: Bounds | null;
  readonly zones: readonly MapZone[];
  readonly markers: readonly MapMarker[];
  readonly selection: MapSelection | null;
  readonly onSelect: (item: MapSelection) => void;
  /** Bring this zone into view with the zone zoom rule (the zone page). */
  readonly focusZoneId?: number;
  /** Layers a page draws over the zones and markers (the weather map's value markers). */
  readonly children?: ReactNode;
}

/** How long after the map is made a change of its size still refits the first view. */
const SETTLE_MS = 1_000;

/**
 * §9 zone zoom (1 when the window is at least 1100 px wide, else 3): the map centres on the zone
 * and zooms in that many levels from the zoom that fits the whole area, so a phone (whose area
 * view is small) comes in further than a desktop, which keeps the neighbouring zones in view;
 * never so close that the zone no longer fits, and within the 10–21 limits. Decision: the spec
 * gives the setting, not its use; this is how we read it.
 */
function FocusZone({ zone, area }: { zone: MapZone | undefined; area: L.LatLngBounds | null }) {
  const map = useMap();
  const id = zone?.id;
  useEffect(() => {
    if (!zone) return;
    const points = zone.outline ?? (zone.point ? [zone.point] : []);
    if (points.length === 0) return;
    const bounds = L.latLngBounds(points.map((point) => [point.lat, point.lng]));
    const padding = L.point(FIT_PADDING);
    const fitsZone = map.getBoundsZoom(bounds, false, padding);
    const fitsArea = area ? map.getBoundsZoom(area, false, padding) : fitsZone;
    const zoom = Math.min(fitsArea + zoneZoom(window.innerWidth), fitsZone);
    map.setView(bounds.getCenter(), clampZoom(zoom));
    // Only when the focused zone changes, not when its colours do.
  }, [map, id]); // eslint-disable-line react-hooks/exhaustive-deps
  return null;
}

/**
 * Leaflet measures its container once; the page's flex layout settles (and phones rotate) after
 * that, so the map is told whenever its container changes size.
 */
function FollowContainerSize({ fit }: { fit: L.LatLngBounds | null }) {
  const map = useMap();
  useEffect(() => {
    if (typeof ResizeObserver === 'undefined') return;
    // While the page settles (its panes take their size after the map was made), the first view
    // is fitted again, so the area is framed in the size the map ends up with.
    const settled = Date.now() + SETTLE_MS;
    const observer = new ResizeObserver(() => {
      map.invalidateSize();
      if (fit && Date.now() < settled) map.fitBounds(fit, { padding: FIT_PADDING, animate: false });
    });
    observer.observe(map.getContainer());
    return () => observer.disconnect();
  }, [map, fit]);
  return null;
}

/** What a zone or marker layer takes besides its item. */
interface SelectableLayerProps {
  readonly selected: boolean;
  readonly onSelect: (item: MapSelection) => void;
}

type ZoneLayerProps = MapZone & SelectableLayerProps;

const ZoneLayer = memo(function ZoneLayer({
  id,
  label,
  outline,
  point,
  fill,
  stroke,
  dashed,
  selected,
  onSelect,
}: ZoneLayerProps) {
  const handlers = useMemo(() => ({ click: () => onSelect({ kind: 'zone', id }) }), [id, onSelect]);
  const pathOptions = useMemo<L.PathOptions>(
    () => ({
      color: selected ? COLOURS.selected : stroke,
      weight: selected ? 4 : 2,
      fillColor: fill,
      fillOpacity: dashed ? 0.35 : 0.65,
      dashArray: dashed ? '6 4' : undefined,
    }),
    [selected, stroke, fill, dashed],
  );
  const tooltip = <Tooltip sticky>{label}</Tooltip>;
  // The class is set once, when Leaflet creates the path (it names the zone for tests and styles).
  const className = `paddock-zone paddock-zone-${id}`;
  if (outline) {
    return (
      <Polygon
        positions={outline as LatLng[]}
        className={className}
        pathOptions={pathOptions}
        eventHandlers={handlers}
      >
        {tooltip}
      </Polygon>
    );
  }
  if (!point) return null;
  return (
    <CircleMarker
      center={point}
      radius={SECTION_MARKER_RADIUS}
      className={className}
      pathOptions={pathOptions}
      eventHandlers={handlers}
    >
      {tooltip}
    </CircleMarker>
  );
});

type MarkerLayerProps = MapMarker & SelectableLayerProps;

/** A position moved east by a number of screen pixels at the map's zoom (kept on zooming). */
function useShifted(position: LatLng, shiftPx: number): LatLng {
  const map = useMap();
  const [zoom, setZoom] = useState(() => map.getZoom());
  useMapEvents({ zoomend: () => setZoom(map.getZoom()) });
  return useMemo(() => {
    if (shiftPx === 0) return position;
    const point = map.project([position.lat, position.lng], zoom).add([shiftPx, 0]);
    const shifted = map.unproject(point, zoom);
    return { lat: shifted.lat, lng: shifted.lng };
  }, [map, position, shiftPx, zoom]);
}

const MarkerLayer = memo(function MarkerLayer({
  kind,
  id,
  label,
  position,
  radius,
  fill,
  dashed,
  shiftPx,
  stroke,
  selected,
  onSelect,
}: MarkerLayerProps) {
  const handlers = useMemo(() => ({ click: () => onSelect({ kind, id }) }), [kind, id, onSelect]);
  const center = useShifted(position, shiftPx ?? 0);
  const pathOptions = useMemo<L.PathOptions>(
    () => ({
      color: selected ? COLOURS.selected : (stroke ?? OUTLINE_COLOUR),
      weight: selected || stroke ? 4 : 1.5,
      fillColor: fill,
      fillOpacity: 1,
      dashArray: dashed ? '3 3' : undefined,
    }),
    [selected, stroke, fill, dashed],
  );
  return (
    <CircleMarker
      center={center}
      radius={radius}
      className={`paddock-${kind} paddock-${kind}-${id}`}
      pathOptions={pathOptions}
      eventHandlers={handlers}
    >
      <Tooltip>{label}</Tooltip>
    </CircleMarker>
  );
});

export default function AreaMap({
  label,
  bounds,
  zones,
  markers,
  selection,
  onSelect,
  focusZoneId,
  children,
}: AreaMapProps) {
  // The first view; the zone page refocuses with FocusZone.
  const [initialBounds] = useState(() => firstBounds(bounds, zonesBounds(zones)));
  const focused = focusZoneId === undefined ? undefined : zones.find((z) => z.id === focusZoneId);
  return (
    <MapFrame label={label} bounds={initialBounds} scrollWheelZoom>
      <FollowContainerSize fit={focused ? null : initialBounds} />
      <FocusZone zone={focused} area={initialBounds} />
      {zones.map((zone) => (
        <ZoneLayer
          key={zone.id}
          {...zone}
          selected={
            zone.id === focusZoneId || (selection?.kind === 'zone' && selection.id === zone.id)
          }
          onSelect={onSelect}
        />
      ))}
      {markers.map((marker) => (
        <MarkerLayer
          key={`${marker.kind}-${marker.id}`}
          {...marker}
          selected={selection?.kind === marker.kind && selection.id === marker.id}
          onSelect={onSelect}
        />
      ))}
      {children}
    </MapFrame>
  );
}
