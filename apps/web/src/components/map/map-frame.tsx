/**
 * What the area and site maps share around their layers (§9 Map): a named region filling its
 * container, the map within the §9 zoom limits over the grey background, first looking at what it
 * shows, and the tile layer when one is configured (the map works with none).
 */
import { MAX_ZOOM, MIN_ZOOM } from '@paddock/domain';
import type L from 'leaflet';
import type { ReactNode } from 'react';
import { MapContainer, TileLayer } from 'react-leaflet';
import { MAP_BACKGROUND, MAP_TILE_ATTRIBUTION, MAP_TILE_URL } from '../../config/map.ts';
import { initialView } from './initial-view.ts';

/** Tiles of the default layer exist up to this zoom; closer zooms stretch them (§9 up to 21). */
const TILE_NATIVE_MAX_ZOOM = 19;

export interface MapFrameProps {
  /** Accessible name of the map region. */
  readonly label: string;
  /** The first view's bounds; null: the default location. */
  readonly bounds: L.LatLngBounds | null;
  readonly scrollWheelZoom: boolean;
  /** The map's layers. */
  readonly children: ReactNode;
}

export function MapFrame({ label, bounds, scrollWheelZoom, children }: MapFrameProps) {
  return (
    <div
      role="region"
      aria-label={label}
      // A stacking context of its own: Leaflet's panes (z-index 400 and up) then stay under the
      // console's dialogs and menus, which are portalled to the page at Mantine's 200–300.
      style={{ height: '100%', width: '100%', position: 'relative', isolation: 'isolate' }}
    >
      <MapContainer
        style={{ height: '100%', width: '100%', background: MAP_BACKGROUND }}
        minZoom={MIN_ZOOM}
        maxZoom={MAX_ZOOM}
        {...initialView(bounds)}
        scrollWheelZoom={scrollWheelZoom}
      >
        {MAP_TILE_URL !== '' && (
          <TileLayer
            url={MAP_TILE_URL}
            attribution={MAP_TILE_ATTRIBUTION}
            maxNativeZoom={TILE_NATIVE_MAX_ZOOM}
            maxZoom={MAX_ZOOM}
          />
        )}
        {children}
      </MapContainer>
    </div>
  );
}
