/**
 * Map tiles. The URL is a Leaflet tile template, set at build time with VITE_MAP_TILE_URL (an
 * empty value draws no tiles at all); the default is OpenStreetMap's standard layer. Maps must
 * work without tiles: the grey background shows and markers are still drawn.
 */
const configured = import.meta.env.VITE_MAP_TILE_URL as string | undefined;

export const MAP_TILE_URL: string = configured ?? 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

export const MAP_TILE_ATTRIBUTION: string =
  (import.meta.env.VITE_MAP_TILE_ATTRIBUTION as string | undefined) ??
  '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

/** Shown behind the tiles, and alone when no tile is reachable. */
export const MAP_BACKGROUND = '#dfe3e6';

/** The dashboard never zooms in closer than this when fitting its sites. */
export const DASHBOARD_MAX_FIT_ZOOM = 11;
