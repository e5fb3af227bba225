/**
 * The site map (§2 map views: site): the site's own markers and polygons (§3 settings), and each
 * area's outline, which opens the area's page. Its own lazy chunk with Leaflet; it works with no
 * tiles reachable (every shape and marker is drawn by the browser, not a tile).
 */
import 'leaflet/dist/leaflet.css';
import { COLOURS } from '@paddock/domain';
import L from 'leaflet';
import { useMemo, useState } from 'react';
import { Marker, Polygon, Tooltip } from 'react-leaflet';
import { firstBounds } from './initial-view.ts';
import { MapFrame } from './map-frame.tsx';
import { OUTLINE_COLOUR } from './map-items.ts';
import { siteMapExtent, type SiteMapLayers } from './site-map-layers.ts';

export interface SiteMapProps {
  /** Accessible name of the map region. */
  readonly label: string;
  readonly layers: SiteMapLayers;
  /** Opens an area's page (its outline was picked). */
  readonly onOpenArea: (areaId: number) => void;
}

/** A site marker: a pin-like dot in the map's outline colour, named by its label. */
const MARKER_ICON = L.divIcon({
  className: 'paddock-site-map-marker',
  iconSize: [18, 18],
  iconAnchor: [9, 9],
  html: `<span style="display:block;box-sizing:border-box;width:18px;height:18px;border-radius:50%;background:${COLOURS.info};border:3px solid #ffffff;box-shadow:0 0 0 1.5px ${OUTLINE_COLOUR},0 1px 4px rgba(0,0,0,.45)"></span>`,
});

const SITE_POLYGON_STYLE: L.PathOptions = {
  color: OUTLINE_COLOUR,
  weight: 2,
  dashArray: '8 6',
  fill: false,
};

const AREA_STYLE: L.PathOptions = {
  color: COLOURS.running,
  weight: 2,
  fillColor: COLOURS.running,
  fillOpacity: 0.15,
};

export default function SiteMap({ label, layers, onOpenArea }: SiteMapProps) {
  const [initial] = useState(() => firstBounds(layers.bounds, siteMapExtent(layers)));
  const areaHandlers = useMemo(
    () =>
      new Map(layers.areas.map((area) => [area.id, { click: () => onOpenArea(area.id) }] as const)),
    [layers.areas, onOpenArea],
  );
  return (
    <MapFrame label={label} bounds={initial} scrollWheelZoom={false}>
      {layers.polygons.map((polygon, index) => (
        <Polygon
          key={`polygon-${index}`}
          positions={polygon.path as L.LatLngExpression[]}
          pathOptions={SITE_POLYGON_STYLE}
          className="paddock-site-polygon"
        >
          <Tooltip sticky>{polygon.label}</Tooltip>
        </Polygon>
      ))}
      {layers.areas.map((area) => (
        <Polygon
          key={`area-${area.id}`}
          positions={area.outline as L.LatLngExpression[]}
          pathOptions={AREA_STYLE}
          className={`paddock-area-outline paddock-area-outline-${area.id}`}
          eventHandlers={areaHandlers.get(area.id) ?? {}}
        >
          <Tooltip permanent direction="center" className="paddock-area-label">
            {area.label}
          </Tooltip>
        </Polygon>
      ))}
      {layers.markers.map((marker, index) => (
        <Marker
          key={`marker-${index}`}
          position={[marker.position.lat, marker.position.lng]}
          icon={MARKER_ICON}
          title={marker.label}
          // A landmark, not a control: nothing happens on picking it.
          interactive={false}
        >
          <Tooltip permanent direction="right" offset={[10, 0]}>
            {marker.label}
          </Tooltip>
        </Marker>
      ))}
    </MapFrame>
  );
}
