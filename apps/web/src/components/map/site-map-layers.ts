/**
 * What the site map draws (§2 map views: site; §3 Site.settings bounds, markers, polygons): the
 * site's own markers and polygons, and each area's outline. Plain values, read once per site.
 */
import {
  parsePolygonText,
  type AreaType,
  type Bounds,
  type LatLng,
  type Site,
} from '@paddock/domain';
import { pointsBounds } from './map-items.ts';

interface SiteMapAreaOutline {
  readonly id: number;
  readonly label: string;
  readonly type: AreaType;
  readonly outline: readonly LatLng[];
}

export interface SiteMapLayers {
  /** The site's bounds (§3 settings.bounds); null: fit what is drawn. */
  readonly bounds: Bounds | null;
  readonly markers: readonly { readonly label: string; readonly position: LatLng }[];
  readonly polygons: readonly { readonly label: string; readonly path: readonly LatLng[] }[];
  /** Areas with a readable outline, in the site's order; the others are left out. */
  readonly areas: readonly SiteMapAreaOutline[];
}

export function siteMapLayers(site: Pick<Site, 'settings' | 'areas'>): SiteMapLayers {
  const settings = site.settings;
  return {
    bounds: settings.bounds ?? null,
    markers: (settings.markers ?? []).map((marker) => ({
      label: marker.label,
      position: marker.location,
    })),
    polygons: (settings.polygons ?? []).map((polygon) => ({
      label: polygon.label,
      path: polygon.path,
    })),
    areas: (site.areas ?? []).flatMap((area) => {
      const outline = area.outline ? parsePolygonText(area.outline) : null;
      return outline && outline.length >= 3
        ? [{ id: area.id, label: area.label, type: area.type, outline }]
        : [];
    }),
  };
}

/** True when the map has something of its own to draw (else the page leaves it out). */
export function hasSiteMapLayers(layers: SiteMapLayers): boolean {
  return layers.markers.length + layers.polygons.length + layers.areas.length > 0;
}

/** The corners of everything drawn, as [south-west, north-east]; null when nothing is. */
export function siteMapExtent(layers: SiteMapLayers): [LatLng, LatLng] | null {
  return pointsBounds([
    ...layers.markers.map((marker) => marker.position),
    ...layers.polygons.flatMap((polygon) => polygon.path),
    ...layers.areas.flatMap((area) => area.outline),
  ]);
}
