/**
 * A demo site's ground: the site row with its bounds and boundary, its areas (each irrigation
 * area, then frost, then water) and their sections, all laid out from the site's blocks.
 */
import {
  formatPolygonText,
  polygonToGeometry,
  type AreaCapability,
  type LatLng,
} from '@paddock/domain';
import {
  boundsOf,
  boundsPolygon,
  centroid,
  offset,
  rectangle,
  schema as t,
  strips,
  type Transaction,
} from '@paddock/server';
import type { DemoSite } from './demo-sites.ts';
import { minutesAgo, point, zoneShapes, type Area, type Section } from './support.ts';

/** What the rest of a site's seed builds on: its id, its areas and sections, its shapes. */
export type SiteLand = {
  site: { id: number };
  areaRows: Area[];
  irrigationAreas: Area[];
  frostArea: Area | undefined;
  waterArea: Area | undefined;
  firstIrrigation: Area;
  irrigationShapes: LatLng[][][];
  farmBounds: ReturnType<typeof boundsOf>;
  frostBlocks: Section[];
  zonesOf: (area: Area) => Section[];
};

async function insertSite(tx: Transaction, spec: DemoSite, now: Date, allPoints: LatLng[]) {
  // The site map's own shapes (§3 settings): the shed and the gate on the boundary fence.
  const boundary = boundsOf(allPoints, 40);
  const gate = { lat: boundary.south, lng: (boundary.west + boundary.east) / 2 };
  const applications = [
    'irrigation',
    ...(spec.frost ? ['frost'] : []),
    ...(spec.water ? ['water'] : []),
  ];
  const [site] = await tx
    .insert(t.sites)
    .values({
      label: spec.label,
      location: point(spec.shed),
      type: 'site',
      tags: { country: spec.country, region: spec.region, cropType: spec.cropType },
      applications,
      settings: {
        bounds: boundsOf(allPoints, 150),
        markers: [
          { label: 'Pump shed', location: spec.shed },
          { label: 'Main gate', location: gate },
        ],
        polygons: [{ label: 'Property boundary', path: boundsPolygon(boundary) }],
      },
      config: {
        timezone: spec.timezone,
        season: spec.season,
        ...(spec.readingRetentionMonths
          ? { readingRetentionMonths: spec.readingRetentionMonths }
          : {}),
      },
      operator: spec.operator,
      client: spec.client,
      modifiedAt: minutesAgo(now, 60 * 24 * 3),
    })
    .returning({ id: t.sites.id });
  if (!site) throw new Error('site not inserted');
  return site;
}

export async function seedLand(tx: Transaction, spec: DemoSite, now: Date): Promise<SiteLand> {
  // Shapes first: the site's bounds and boundary come from its blocks.
  const irrigationShapes = spec.irrigation.map(zoneShapes);
  const farmedPoints = irrigationShapes.flat(2);
  const farmBounds = boundsOf(farmedPoints);
  const frostShapes = spec.frost
    ? strips(boundsOf((irrigationShapes[0] ?? []).flat(), 10), spec.frost.fans)
    : [];
  const waterOutline = rectangle(offset(spec.shed, 50, -70), 140, 100);
  const allPoints = [...farmedPoints, ...waterOutline, spec.shed];
  const site = await insertSite(tx, spec, now, allPoints);

  // Areas: each irrigation area, then frost, then water.
  const areaValue = (
    label: string,
    type: 'irrigation' | 'frost' | 'water',
    capabilities: AreaCapability[],
    outline: LatLng[],
  ) => ({
    siteId: site.id,
    label,
    type,
    capabilities,
    settings: { bounds: boundsOf(outline, 30) },
    geometry: polygonToGeometry(outline),
    outline: formatPolygonText(outline),
    status: 'normal' as const,
  });
  const areaRows = await tx
    .insert(t.areas)
    .values([
      ...spec.irrigation.map((area, index) =>
        areaValue(
          area.label,
          'irrigation',
          [
            'soilMoisture',
            'batterySignal',
            'irrigationPump',
            ...(area.weather ? (['weather'] as const) : []),
          ],
          boundsPolygon(boundsOf((irrigationShapes[index] ?? []).flat(), 10)),
        ),
      ),
      ...(spec.frost
        ? [
            areaValue(
              spec.frost.label,
              'frost',
              ['temperature', 'batterySignal', 'weather'],
              boundsPolygon(boundsOf(frostShapes.flat())),
            ),
          ]
        : []),
      ...(spec.water
        ? [areaValue(spec.water.label, 'water', ['water', 'batterySignal', 'things'], waterOutline)]
        : []),
    ])
    .returning();
  const irrigationAreas = areaRows.slice(0, spec.irrigation.length);
  const frostArea = spec.frost ? areaRows[spec.irrigation.length] : undefined;
  const waterArea = spec.water ? areaRows[areaRows.length - 1] : undefined;
  const firstIrrigation = irrigationAreas[0];
  if (!firstIrrigation) throw new Error('areas not inserted');

  // Sections: irrigation zones, and frost blocks measured at several heights (multiLayer).
  const sectionValues = [
    ...spec.irrigation.flatMap((area, areaIndex) =>
      area.zones.map((label, zoneIndex) => {
        const shape = irrigationShapes[areaIndex]?.[zoneIndex] ?? [];
        return {
          areaId: irrigationAreas[areaIndex]?.id ?? firstIrrigation.id,
          number: zoneIndex + 1,
          label,
          type: 'irrigationZone' as const,
          outline: formatPolygonText(shape),
          location: point(centroid(shape)),
        };
      }),
    ),
    ...frostShapes.map((shape, index) => ({
      areaId: frostArea?.id ?? firstIrrigation.id,
      number: index + 1,
      label: `Fan ${index + 1} block`,
      type: 'multiLayer' as const,
      outline: formatPolygonText(shape),
      location: point(centroid(shape)),
    })),
  ];
  const sectionRows = await tx.insert(t.sections).values(sectionValues).returning();
  const zonesOf = (area: Area): Section[] => sectionRows.filter((row) => row.areaId === area.id);
  const frostBlocks = frostArea ? zonesOf(frostArea) : [];
  return {
    site,
    areaRows,
    irrigationAreas,
    frostArea,
    waterArea,
    firstIrrigation,
    irrigationShapes,
    farmBounds,
    frostBlocks,
    zonesOf,
  };
}
