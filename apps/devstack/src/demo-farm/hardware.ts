/**
 * A demo site's hardware: the base station and the field unit, the leaf radios each block needs
 * (valve controllers, soil probes, pumps, weather, canopy and tank radios) with the site's
 * trouble spread over them, and the mesh of repeaters and the coordinator above them.
 */
import { buildRadio } from '@paddock/domain/testing';
import {
  meshRole,
  offset,
  centroid,
  schema as t,
  type MeshRole,
  type Transaction,
} from '@paddock/server';
import { eq } from 'drizzle-orm';
import type { DemoSite, RadioTrouble } from './demo-sites.ts';
import type { SiteLand } from './land.ts';
import {
  centroidOf,
  minutesAgo,
  point,
  round,
  type RadioPlan,
  type RadioRow,
  type SiteContext,
} from './support.ts';

type UnitRow = typeof t.units.$inferSelect;

/** What sensors, programs and events find the site's hardware by. */
export type SiteHardware = {
  baseUnit: UnitRow;
  fieldUnit: UnitRow;
  leafRows: RadioRow[];
  /** The trouble of each leaf radio, by its index in `leafRows`. */
  troubleAt: Map<number, RadioTrouble>;
  radioFor: (key: string) => RadioRow | null;
};

function planRadios(
  spec: DemoSite,
  land: SiteLand,
  baseUnit: { id: number },
  fieldUnit: { id: number },
): RadioPlan[] {
  const { irrigationAreas, irrigationShapes, frostBlocks, waterArea, zonesOf } = land;
  // Leaf radios: a valve controller per zone, soil probes, pump, weather, canopy and tank radios.
  const plans: RadioPlan[] = [];
  for (const [areaIndex, area] of irrigationAreas.entries()) {
    const areaSpec = spec.irrigation[areaIndex];
    if (!areaSpec) continue;
    const zones = zonesOf(area);
    for (const [zoneIndex, zone] of zones.entries()) {
      const shape = irrigationShapes[areaIndex]?.[zoneIndex] ?? [];
      const unitId = zoneIndex < zones.length / 2 ? baseUnit.id : fieldUnit.id;
      if (areaSpec.layout.kind === 'grid') {
        plans.push({
          type: 'WVC',
          areaId: area.id,
          unitId,
          sectionId: zone.id,
          location: offset(shape[0] ?? spec.shed, -12, 12),
          identifier: 'valve',
          key: `zone:${zone.id}`,
        });
      }
      if (zoneIndex % 2 === 0) {
        plans.push({
          type: 'LoRa',
          areaId: area.id,
          unitId,
          sectionId: zone.id,
          location: centroid(shape),
          identifier: 'soil',
          key: `soil:${zone.id}`,
        });
      }
    }
    if (areaSpec.layout.kind === 'pivot') {
      plans.push({
        type: 'WVC',
        areaId: area.id,
        unitId: fieldUnit.id,
        sectionId: null,
        location: areaSpec.layout.centre,
        identifier: 'pivot',
        key: `pivot:${area.id}`,
      });
    }
    plans.push({
      type: 'WMR',
      areaId: area.id,
      unitId: baseUnit.id,
      sectionId: null,
      location: offset(spec.shed, 4 + areaIndex * 6, 10),
      identifier: 'pump',
      key: `pump:${area.id}`,
    });
    if (areaSpec.weather) {
      plans.push({
        type: 'LoRa',
        areaId: area.id,
        unitId: baseUnit.id,
        sectionId: null,
        location: offset(spec.shed, 35, 45),
        identifier: 'weather',
        key: `weather:${area.id}`,
      });
    }
  }
  for (const block of frostBlocks) {
    plans.push({
      type: 'WMR',
      areaId: block.areaId,
      unitId: fieldUnit.id,
      sectionId: block.id,
      location: offset(centroidOf(block), 15, -15),
      identifier: 'canopy',
      key: `canopy:${block.id}`,
    });
  }
  if (waterArea && spec.water) {
    for (const [index] of spec.water.tanks.entries()) {
      plans.push({
        type: 'LoRa',
        areaId: waterArea.id,
        unitId: baseUnit.id,
        sectionId: null,
        location: offset(spec.shed, 80, -40 + index * 50),
        identifier: 'tank',
        key: `tank:${index}`,
      });
    }
  }
  return plans;
}

function placeTrouble(spec: DemoSite, plans: RadioPlan[]): Map<number, RadioTrouble> {
  // Trouble goes to radios spread across the list so it shows on different blocks; a fault goes
  // to a valve controller, so the valves on it show the fault too.
  const troubleAt = new Map<number, RadioTrouble>();
  const troubles = spec.trouble ?? [];
  for (const [index, trouble] of troubles.entries()) {
    let at = Math.floor(((index + 1) * plans.length) / (troubles.length + 1));
    while (
      at < plans.length - 1 &&
      (troubleAt.has(at) || (trouble === 'fault' && plans[at]?.identifier !== 'valve'))
    ) {
      at++;
    }
    troubleAt.set(at, trouble);
  }
  return troubleAt;
}

/** A radio row: healthy readings drawn at random, then the trouble it is given, if any. */
function demoRadio(
  ctx: SiteContext,
  site: { id: number },
  plan: Omit<RadioPlan, 'key'>,
  config: MeshRole,
  trouble?: RadioTrouble,
) {
  const { now, random, serials } = ctx;
  const healthy = () => ({
    batteryValue: round(3.55 + random() * 0.55, 2),
    signalValue: Math.round(-62 - random() * 30),
    missesValue: Math.floor(random() * 3),
  });
  const radio = buildRadio({
    type: plan.type,
    serialno: serials.radio(plan.type),
    location: point(plan.location),
    tags: { identifier: plan.identifier },
    config,
    lastUpdate: minutesAgo(now, 1 + Math.floor(random() * 12)).toISOString(),
    ...healthy(),
  });
  switch (trouble) {
    case 'lowBattery':
      radio.batteryValue = 3.21;
      break;
    case 'weakSignal':
      radio.signalValue = -103;
      break;
    case 'misses':
      radio.missesValue = 14;
      radio.signalValue = -96;
      break;
    case 'overdue':
      radio.overdue = true;
      radio.online = false;
      radio.lastUpdate = minutesAgo(now, 5 * 60 + 12).toISOString();
      break;
    case 'fault':
      radio.fault = true;
      break;
  }
  return {
    siteId: site.id,
    areaId: plan.areaId,
    type: radio.type,
    unitId: plan.unitId,
    serialno: radio.serialno,
    sectionId: plan.sectionId,
    location: radio.location,
    tags: radio.tags,
    config: radio.config,
    overdue: radio.overdue,
    lastUpdate: radio.lastUpdate ? new Date(radio.lastUpdate) : null,
    fault: radio.fault,
    online: radio.online,
    batteryValue: radio.batteryValue,
    signalValue: radio.signalValue,
    missesValue: radio.missesValue,
  };
}

export async function seedHardware(
  tx: Transaction,
  spec: DemoSite,
  ctx: SiteContext,
  land: SiteLand,
): Promise<SiteHardware> {
  const { now, serials } = ctx;
  const { site, areaRows, irrigationAreas, firstIrrigation, farmBounds } = land;
  // Units: the base station at the shed serves every area; a field unit the irrigation blocks.
  const farCorner = { lat: farmBounds.south, lng: farmBounds.east };
  const [baseUnit, fieldUnit] = await tx
    .insert(t.units)
    .values([
      {
        siteId: site.id,
        serialno: serials.unit(),
        areaIds: areaRows.map((area) => area.id),
        location: point(offset(spec.shed, 8, 6)),
        lastUpdate: minutesAgo(now, 2),
      },
      {
        siteId: site.id,
        serialno: serials.unit(),
        areaIds: irrigationAreas.map((area) => area.id),
        location: point(farCorner),
        lastUpdate: minutesAgo(now, 4),
      },
    ])
    .returning();
  if (!baseUnit || !fieldUnit) throw new Error('units not inserted');
  const plans = planRadios(spec, land, baseUnit, fieldUnit);
  const troubleAt = placeTrouble(spec, plans);
  const radioValue = (plan: Omit<RadioPlan, 'key'>, config: MeshRole, trouble?: RadioTrouble) =>
    demoRadio(ctx, site, plan, config, trouble);
  const leafRows = await tx
    .insert(t.radios)
    .values(plans.map((plan, index) => radioValue(plan, meshRole(), troubleAt.get(index))))
    .returning();
  const radioByKey = new Map(plans.map((plan, index) => [plan.key, leafRows[index]]));
  const radioFor = (key: string) => radioByKey.get(key) ?? null;

  // The mesh: repeaters out in the blocks relay the field unit's radios; the coordinator at the
  // shed heads the mesh and hears the repeaters and the radios near it.
  const fieldLeaves = leafRows.filter((row) => row.unitId === fieldUnit.id);
  const repeaterCount = spec.irrigation.length > 1 || fieldLeaves.length > 12 ? 2 : 1;
  const repeaterValues = Array.from({ length: repeaterCount }, (_, index) =>
    radioValue(
      {
        type: index === 0 ? 'LoRa' : 'WMR',
        areaId: (irrigationAreas[index] ?? firstIrrigation).id,
        unitId: fieldUnit.id,
        sectionId: null,
        location: index === 0 ? farCorner : { lat: farmBounds.north, lng: farmBounds.east },
        identifier: 'repeater',
      },
      meshRole({
        repeater: true,
        children: fieldLeaves
          .filter((_, leaf) => leaf % repeaterCount === index)
          .map((row) => row.id),
      }),
    ),
  );
  const repeaterRows = await tx.insert(t.radios).values(repeaterValues).returning();
  const [coordinator] = await tx
    .insert(t.radios)
    .values(
      radioValue(
        {
          type: 'WMR',
          areaId: firstIrrigation.id,
          unitId: baseUnit.id,
          sectionId: null,
          location: offset(spec.shed, 8, 6),
          identifier: 'gateway',
        },
        meshRole({
          coordinator: true,
          children: [
            ...repeaterRows.map((row) => row.id),
            ...leafRows.filter((row) => row.unitId === baseUnit.id).map((row) => row.id),
          ],
        }),
      ),
    )
    .returning();
  if (!coordinator || !repeaterRows[0]) throw new Error('radios not inserted');
  await tx.update(t.units).set({ radioId: coordinator.id }).where(eq(t.units.id, baseUnit.id));
  await tx.update(t.units).set({ radioId: repeaterRows[0].id }).where(eq(t.units.id, fieldUnit.id));
  return { baseUnit, fieldUnit, leafRows, troubleAt, radioFor };
}
