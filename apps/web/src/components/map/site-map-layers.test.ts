import { buildArea, buildSite } from '@paddock/domain/testing';
import { describe, expect, it } from 'vitest';
import { hasSiteMapLayers, siteMapExtent, siteMapLayers } from './site-map-layers.ts';

const shed = { lat: -39.61, lng: 176.82 };
const boundary = [
  { lat: -39.6, lng: 176.81 },
  { lat: -39.6, lng: 176.83 },
  { lat: -39.62, lng: 176.83 },
];

describe('siteMapLayers (§2 map views: site; §3 settings markers, polygons)', () => {
  it('draws the site’s markers and polygons and each area’s outline', () => {
    const site = buildSite({
      settings: {
        markers: [{ label: 'Pump shed', location: shed }],
        polygons: [{ label: 'Property boundary', path: boundary }],
      },
      areas: [
        buildArea({
          id: 9,
          label: 'North block',
          outline: JSON.stringify([
            [-39.6, 176.81],
            [-39.6, 176.82],
            [-39.61, 176.82],
          ]),
        }),
        // No outline: left out, not drawn at 0,0.
        buildArea({ id: 10, label: 'Shed', outline: null }),
      ],
    });
    const layers = siteMapLayers(site);
    expect(layers.markers).toEqual([{ label: 'Pump shed', position: shed }]);
    expect(layers.polygons).toEqual([{ label: 'Property boundary', path: boundary }]);
    expect(layers.areas.map((area) => [area.id, area.label, area.outline.length])).toEqual([
      [9, 'North block', 3],
    ]);
    expect(hasSiteMapLayers(layers)).toBe(true);
    expect(siteMapExtent(layers)).toEqual([
      { lat: -39.62, lng: 176.81 },
      { lat: -39.6, lng: 176.83 },
    ]);
  });

  it('has nothing to draw for a site without settings shapes or outlines', () => {
    const layers = siteMapLayers(
      buildSite({ settings: {}, areas: [buildArea({ outline: null })] }),
    );
    expect(hasSiteMapLayers(layers)).toBe(false);
    expect(siteMapExtent(layers)).toBeNull();
    expect(layers.bounds).toBeNull();
  });
});
