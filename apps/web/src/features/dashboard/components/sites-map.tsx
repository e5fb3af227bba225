/**
 * The dashboard map (§2 "multi-site overview with a map"): one marker per site, coloured by its
 * brief summary, the selected one highlighted. Its own lazy chunk with Leaflet, so Leaflet never
 * enters the first load. It works with no tiles reachable: the grey background shows and the
 * markers are still drawn (they are HTML, not tiles).
 */
import 'leaflet/dist/leaflet.css';
import { COLOURS, DEFAULT_INITIAL_LOCATION } from '@paddock/domain';
import L from 'leaflet';
import { useEffect, useState } from 'react';
import { MapContainer, Marker, TileLayer, useMap, useMapEvents } from 'react-leaflet';
import {
  DASHBOARD_MAX_FIT_ZOOM,
  MAP_BACKGROUND,
  MAP_TILE_ATTRIBUTION,
  MAP_TILE_URL,
} from '../../../config/map.ts';
import { readPreference, writePreference } from '../../../lib/preferences.ts';
import { SITE_BRIEF_COLOURS } from '../../../lib/site-brief-status.ts';
import type { SiteMarker } from '../dashboard-filter.ts';

export interface SitesMapProps {
  readonly markers: readonly SiteMarker[];
  readonly selected: number | null;
  readonly onSelect: (siteId: number) => void;
  /** Accessible name of the map region. */
  readonly label: string;
}

const FIT_PADDING: L.PointTuple = [36, 36];
/** Zoom when there is no site to fit: the whole of New Zealand around the default location. */
const EMPTY_ZOOM = 5;

function markerIcon(marker: SiteMarker, highlighted: boolean): L.DivIcon {
  const size = highlighted ? 28 : 20;
  const border = highlighted ? `4px solid ${COLOURS.selected}` : '2px solid #ffffff';
  return L.divIcon({
    className: `paddock-site-marker${highlighted ? ' paddock-site-marker--selected' : ''}`,
    iconSize: [size, size],
    iconAnchor: [size / 2, size / 2],
    html: `<span style="display:block;box-sizing:border-box;width:${size}px;height:${size}px;border-radius:50%;background:${SITE_BRIEF_COLOURS[marker.status]};border:${border};box-shadow:0 1px 4px rgba(0,0,0,.45)"></span>`,
  });
}

function boundsOf(markers: readonly SiteMarker[]): L.LatLngBounds | null {
  if (markers.length === 0) return null;
  return L.latLngBounds(markers.map((marker) => [marker.position.lat, marker.position.lng]));
}

/**
 * Fits the map to the markers whenever the set of sites changes (a filter was applied); not on
 * the first view when the map starts where the person left it.
 */
function FitToMarkers({
  markers,
  keepFirst,
}: {
  markers: readonly SiteMarker[];
  keepFirst: boolean;
}) {
  const map = useMap();
  const key = markers.map((marker) => marker.id).join(',');
  const [firstKey] = useState(key);
  useEffect(() => {
    if (keepFirst && key === firstKey) return;
    const bounds = boundsOf(markers);
    if (bounds) map.fitBounds(bounds, { padding: FIT_PADDING, maxZoom: DASHBOARD_MAX_FIT_ZOOM });
    // Refit only when the set changes, not on every render of the same set.
  }, [map, key]); // eslint-disable-line react-hooks/exhaustive-deps
  return null;
}

/** Keeps where the map was left (§3 initialLocation, initialBounds), so it starts there again. */
function RememberView() {
  const map = useMapEvents({
    moveend: () => {
      const centre = map.getCenter();
      const bounds = map.getBounds();
      const corner = (at: L.LatLng) => ({ lat: at.lat, lng: at.lng });
      writePreference('initialLocation', { lat: centre.lat, lng: centre.lng, zoom: map.getZoom() });
      writePreference('initialBounds', [
        corner(bounds.getSouthWest()),
        corner(bounds.getNorthEast()),
      ]);
    },
  });
  return null;
}

/** Where the map starts: where it was left, else around the sites, else the default location. */
function firstView(markers: readonly SiteMarker[]) {
  const location = readPreference('initialLocation');
  if (location?.zoom !== undefined) {
    return { center: L.latLng(location.lat, location.lng), zoom: location.zoom, remembered: true };
  }
  const stored = readPreference('initialBounds');
  const bounds = stored ? L.latLngBounds([stored[0], stored[1]]) : boundsOf(markers);
  if (bounds) return { bounds, remembered: stored !== null };
  return {
    center: L.latLng(DEFAULT_INITIAL_LOCATION.lat, DEFAULT_INITIAL_LOCATION.lng),
    zoom: EMPTY_ZOOM,
    remembered: false,
  };
}

/** Brings the selected marker into view (a row picked in the list may be off the map). */
function ShowSelected({ marker }: { marker: SiteMarker | undefined }) {
  const map = useMap();
  useEffect(() => {
    if (!marker) return;
    const at = L.latLng(marker.position.lat, marker.position.lng);
    if (!map.getBounds().contains(at)) map.panTo(at);
  }, [map, marker]);
  return null;
}

export default function SitesMap({ markers, selected, onSelect, label }: SitesMapProps) {
  // The first view; later changes of the set are fitted by FitToMarkers.
  const [first] = useState(() => firstView(markers));
  return (
    <div
      role="region"
      aria-label={label}
      // Its own stacking context, as the area maps' (components/map/map-frame.tsx).
      style={{
        height: '100%',
        minHeight: 320,
        borderRadius: 8,
        overflow: 'hidden',
        isolation: 'isolate',
      }}
    >
      <MapContainer
        style={{ height: '100%', minHeight: 320, background: MAP_BACKGROUND }}
        {...('bounds' in first
          ? {
              bounds: first.bounds,
              boundsOptions: first.remembered
                ? {}
                : { padding: FIT_PADDING, maxZoom: DASHBOARD_MAX_FIT_ZOOM },
            }
          : { center: first.center, zoom: first.zoom })}
        scrollWheelZoom
        worldCopyJump
      >
        {MAP_TILE_URL !== '' && <TileLayer url={MAP_TILE_URL} attribution={MAP_TILE_ATTRIBUTION} />}
        <FitToMarkers markers={markers} keepFirst={first.remembered} />
        <RememberView />
        <ShowSelected marker={markers.find((marker) => marker.id === selected)} />
        {markers.map((marker) => {
          const highlighted = marker.id === selected;
          return (
            <Marker
              key={marker.id}
              position={[marker.position.lat, marker.position.lng]}
              icon={markerIcon(marker, highlighted)}
              title={marker.label}
              alt={marker.label}
              keyboard
              zIndexOffset={highlighted ? 1000 : 0}
              eventHandlers={{ click: () => onSelect(marker.id) }}
            />
          );
        })}
      </MapContainer>
    </div>
  );
}
