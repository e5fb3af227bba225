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
import { MapContainer, Marker, TileLayer, useMap } from 'react-leaflet';
import {
  DASHBOARD_MAX_FIT_ZOOM,
  MAP_BACKGROUND,
  MAP_TILE_ATTRIBUTION,
  MAP_TILE_URL,
} from '../../../config/map.ts';
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

/** Fits the map to the markers whenever the set of sites changes (a filter was applied). */
function FitToMarkers({ markers }: { markers: readonly SiteMarker[] }) {
  const map = useMap();
  const key = markers.map((marker) => marker.id).join(',');
  useEffect(() => {
    const bounds = boundsOf(markers);
    if (bounds) map.fitBounds(bounds, { padding: FIT_PADDING, maxZoom: DASHBOARD_MAX_FIT_ZOOM });
    // Refit only when the set changes, not on every render of the same set.
  }, [map, key]); // eslint-disable-line react-hooks/exhaustive-deps
  return null;
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
  const [initialBounds] = useState(() => boundsOf(markers));
  return (
    <div
      role="region"
      aria-label={label}
      style={{ height: '100%', minHeight: 320, borderRadius: 8, overflow: 'hidden' }}
    >
      <MapContainer
        style={{ height: '100%', minHeight: 320, background: MAP_BACKGROUND }}
        {...(initialBounds
          ? {
              bounds: initialBounds,
              boundsOptions: { padding: FIT_PADDING, maxZoom: DASHBOARD_MAX_FIT_ZOOM },
            }
          : {
              center: [DEFAULT_INITIAL_LOCATION.lat, DEFAULT_INITIAL_LOCATION.lng],
              zoom: EMPTY_ZOOM,
            })}
        scrollWheelZoom
        worldCopyJump
      >
        {MAP_TILE_URL !== '' && <TileLayer url={MAP_TILE_URL} attribution={MAP_TILE_ATTRIBUTION} />}
        <FitToMarkers markers={markers} />
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
