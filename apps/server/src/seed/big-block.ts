/**
 * "Big Block", the one large irrigation area the web benchmark opens (issue 6: the area page with
 * 60 zones and 200 valves stays responsive). Apart from the scale seed's many plain farms.
 */
import {
  ROLES,
  formatPointText,
  formatPolygonText,
  polygonToGeometry,
  type Privilege,
} from '@paddock/domain';
import { BENCH_LOGIN, DEMO_LOGINS } from '@paddock/domain/demo';
import { eq, inArray } from 'drizzle-orm';
import type { Database, Transaction } from '../db/client.ts';
import * as t from '../db/schema.ts';
import { blockGrid, boundsOf, boundsPolygon, centroid, offset } from './geometry.ts';
import { memberRow, meshRole, programRow, programZoneRow, type MeshRole } from './rows.ts';

/** The site `seedBigIrrigationArea` adds; the web benchmark opens its area. */
export const BIG_BLOCK_LABEL = 'Big Block';
/** The big area's size (issue 6: the area page with 60 zones and 200 valves stays responsive). */
export const BIG_BLOCK_ZONES = 60;
export const BIG_BLOCK_VALVES = 200;
/** At most 4 sequences (§9); each runs its zones one after another. */
const BIG_BLOCK_SEQUENCES = 4;
const BIG_BLOCK_COLUMNS = 10;
const BIG_BLOCK_VARIETIES = ['Royal Gala', 'Jazz', 'Envy', 'Braeburn', 'Pink Lady', 'Granny Smith'];
/** Hastings plains, clear of the demo farm's Te Awa Vineyard (about 8 km west). */
const BIG_BLOCK_SHED = { lat: -39.5806, lng: 176.8612 };

export type BigAreaSeeded = {
  siteId: number;
  areaId: number;
  programId: number;
  /** The zones, in block order. */
  sectionIds: number[];
  valveIds: number[];
  radioIds: number[];
};

/** The site, its one area and its 60 blocks, laid out east of the pump shed. */
async function bigBlockGround(tx: Transaction) {
  // Blocks start 150 m east of the shed, north-west corner first.
  const origin = offset(BIG_BLOCK_SHED, 300, 150);
  const blocks = blockGrid({
    origin,
    count: BIG_BLOCK_ZONES,
    columns: BIG_BLOCK_COLUMNS,
    width: 110,
    height: 80,
    gap: 6,
  });
  const farmed = blocks.flat();
  const outline = boundsPolygon(boundsOf(farmed, 10));
  const everything = [...farmed, BIG_BLOCK_SHED];

  const [site] = await tx
    .insert(t.sites)
    .values({
      label: BIG_BLOCK_LABEL,
      location: formatPointText(BIG_BLOCK_SHED),
      tags: { country: 'nz', region: "Hawke's Bay", cropType: 'apples' },
      applications: ['irrigation'],
      settings: {
        bounds: boundsOf(everything, 150),
        markers: [{ label: 'Pump shed', location: BIG_BLOCK_SHED }],
        polygons: [{ label: 'Property boundary', path: boundsPolygon(boundsOf(everything, 40)) }],
      },
      config: { timezone: 'Pacific/Auckland', season: { start: '0109', end: '3004' } },
      operator: "AquaTech Hawke's Bay",
      client: 'Big Block Orchards Ltd',
    })
    .returning({ id: t.sites.id });
  if (!site) throw new Error('site not inserted');
  const [area] = await tx
    .insert(t.areas)
    .values({
      siteId: site.id,
      label: 'Orchard irrigation',
      type: 'irrigation',
      capabilities: ['soilMoisture', 'batterySignal', 'irrigationPump'],
      settings: { bounds: boundsOf(outline, 30) },
      geometry: polygonToGeometry(outline),
      outline: formatPolygonText(outline),
      status: 'normal',
    })
    .returning({ id: t.areas.id });
  if (!area) throw new Error('area not inserted');
  const sectionRows = await tx
    .insert(t.sections)
    .values(
      blocks.map((block, index) => {
        const row = Math.floor(index / BIG_BLOCK_COLUMNS);
        const variety = BIG_BLOCK_VARIETIES[row % BIG_BLOCK_VARIETIES.length] ?? 'Royal Gala';
        return {
          areaId: area.id,
          number: index + 1,
          label: `Block ${String.fromCharCode(65 + row)}${(index % BIG_BLOCK_COLUMNS) + 1} ${variety}`,
          type: 'irrigationZone' as const,
          outline: formatPolygonText(block),
          location: formatPointText(centroid(block)),
        };
      }),
    )
    .returning({ id: t.sections.id });
  return { origin, blocks, farmed, site, area, sectionRows };
}

type BigBlockGround = Awaited<ReturnType<typeof bigBlockGround>>;

/** Units: the base station at the shed; field units at the west and east ends of the blocks. */
async function bigBlockUnits(tx: Transaction, now: Date, ground: BigBlockGround) {
  const { farmed, site, area } = ground;
  const bounds = boundsOf(farmed);
  const unitRows = await tx
    .insert(t.units)
    .values(
      [
        offset(BIG_BLOCK_SHED, 8, 6),
        { lat: bounds.south, lng: bounds.west },
        { lat: bounds.south, lng: bounds.east },
      ].map((location, index) => ({
        siteId: site.id,
        serialno: `BB${site.id}-U${index + 1}`,
        areaIds: [area.id],
        location: formatPointText(location),
        lastUpdate: new Date(now.getTime() - (2 + index) * 60_000),
      })),
    )
    .returning({ id: t.units.id });
  const [baseUnit, westUnit, eastUnit] = unitRows;
  if (!baseUnit || !westUnit || !eastUnit) throw new Error('units not inserted');
  return { baseUnit, westUnit, eastUnit };
}

/** Valve controllers, the pump radio, the repeaters and the coordinator, and the units' radios. */
async function bigBlockRadios(tx: Transaction, now: Date, ground: BigBlockGround) {
  const { origin, blocks, site, area, sectionRows } = ground;
  const rows = BIG_BLOCK_ZONES / BIG_BLOCK_COLUMNS;
  const { baseUnit, westUnit, eastUnit } = await bigBlockUnits(tx, now, ground);
  const lastUpdate = (index: number) => new Date(now.getTime() - (1 + (index % 12)) * 60_000);
  const health = (index: number) => ({
    batteryValue: 3.6 + (index % 5) / 10,
    signalValue: -62 - (index % 28),
    missesValue: index % 3,
  });
  /** A radio at the shed on the base unit (the pump's, the coordinator), `north`/`east` metres off. */
  const shedRadio = (
    name: string,
    identifier: string,
    [north, east]: [number, number],
    config: MeshRole,
    healthIndex: number,
  ): typeof t.radios.$inferInsert => ({
    siteId: site.id,
    areaId: area.id,
    type: 'WMR',
    unitId: baseUnit.id,
    serialno: `BB${site.id}-${name}`,
    sectionId: null,
    location: formatPointText(offset(BIG_BLOCK_SHED, north, east)),
    tags: { identifier },
    config,
    lastUpdate: lastUpdate(0),
    ...health(healthIndex),
  });
  // A valve controller per block, at its north-west corner; west half on one field unit.
  const valveRadios = await tx
    .insert(t.radios)
    .values(
      blocks.map((block, index) => ({
        siteId: site.id,
        areaId: area.id,
        type: 'WVC' as const,
        unitId: index % BIG_BLOCK_COLUMNS < BIG_BLOCK_COLUMNS / 2 ? westUnit.id : eastUnit.id,
        serialno: `BB${site.id}-V${index + 1}`,
        sectionId: sectionRows[index]?.id ?? null,
        location: formatPointText(offset(block[0] ?? origin, -6, 6)),
        tags: { identifier: 'valve' },
        config: meshRole(),
        lastUpdate: lastUpdate(index),
        ...health(index),
      })),
    )
    .returning({ id: t.radios.id, unitId: t.radios.unitId });
  const [pumpRadio] = await tx
    .insert(t.radios)
    .values(shedRadio('P1', 'pump', [4, 10], meshRole(), 1))
    .returning({ id: t.radios.id });
  if (!pumpRadio) throw new Error('pump radio not inserted');
  // Repeaters along the middle of the blocks, each relaying the valve controllers of its
  // quarter (by column); the coordinator at the shed hears the repeaters and the pump radio.
  const repeaterCount = 4;
  const repeaterRows = await tx
    .insert(t.radios)
    .values(
      Array.from({ length: repeaterCount }, (_, index) => {
        const column = Math.floor(((index + 0.5) * BIG_BLOCK_COLUMNS) / repeaterCount);
        const children = valveRadios
          .filter(
            (_, block) =>
              Math.floor(((block % BIG_BLOCK_COLUMNS) * repeaterCount) / BIG_BLOCK_COLUMNS) ===
              index,
          )
          .map((radio) => radio.id);
        return {
          siteId: site.id,
          areaId: area.id,
          type: index % 2 === 0 ? ('LoRa' as const) : ('WMR' as const),
          unitId: index < repeaterCount / 2 ? westUnit.id : eastUnit.id,
          serialno: `BB${site.id}-R${index + 1}`,
          sectionId: null,
          location: formatPointText(offset(origin, -((rows / 2) * 86 - 3), column * 116 + 3)),
          tags: { identifier: 'repeater' },
          config: meshRole({ repeater: true, children }),
          lastUpdate: lastUpdate(index),
          ...health(index + 2),
        };
      }),
    )
    .returning({ id: t.radios.id });
  const [coordinator] = await tx
    .insert(t.radios)
    .values(
      shedRadio(
        'G1',
        'gateway',
        [8, 6],
        meshRole({
          coordinator: true,
          children: [...repeaterRows.map((row) => row.id), pumpRadio.id],
        }),
        3,
      ),
    )
    .returning({ id: t.radios.id });
  if (!coordinator || !repeaterRows[0] || !repeaterRows[repeaterCount - 1]) {
    throw new Error('radios not inserted');
  }
  await tx.update(t.units).set({ radioId: coordinator.id }).where(eq(t.units.id, baseUnit.id));
  await tx.update(t.units).set({ radioId: repeaterRows[0].id }).where(eq(t.units.id, westUnit.id));
  await tx
    .update(t.units)
    .set({ radioId: repeaterRows[repeaterCount - 1]?.id ?? repeaterRows[0].id })
    .where(eq(t.units.id, eastUnit.id));
  return { baseUnit, valveRadios, pumpRadio, repeaterRows, coordinator };
}

type BigBlockRadios = Awaited<ReturnType<typeof bigBlockRadios>>;

/** Mainline pressure and flow at the pump shed, on the pump radio. */
async function bigBlockSensors(
  tx: Transaction,
  now: Date,
  ground: BigBlockGround,
  radios: BigBlockRadios,
) {
  const { site, area } = ground;
  const { pumpRadio, baseUnit } = radios;
  const shedSide = offset(BIG_BLOCK_SHED, 5, 12);
  const topic = (metric: string, lastValue: number) => ({
    metric,
    type: 'analog',
    lastValue,
    timestamp: new Date(now.getTime() - 3 * 60_000).toISOString(),
  });
  await tx.insert(t.sensors).values(
    [
      { type: 'pressure', label: 'Mainline pressure', topics: [topic('pressure', 45)] },
      {
        type: 'watermeter',
        label: 'Mainline flow meter',
        topics: [topic('water.flow', 0), topic('water.total', 48_210)],
      },
    ].map((sensor, index) => ({
      siteId: site.id,
      areaId: area.id,
      radioId: pumpRadio.id,
      unitId: baseUnit.id,
      location: formatPointText(shedSide),
      geometry: {
        type: 'Point' as const,
        coordinates: [shedSide.lng, shedSide.lat] as [number, number],
      },
      tags: {},
      serialno: `BB${site.id}-S${index + 1}`,
      ...sensor,
    })),
  );
}

/** 200 valves: 4 on each of the first blocks, 3 on the rest, all on the block's controller. And the two pumps. */
async function bigBlockControls(
  tx: Transaction,
  now: Date,
  ground: BigBlockGround,
  radios: BigBlockRadios,
) {
  const { origin, blocks, area, sectionRows } = ground;
  const { valveRadios, pumpRadio, baseUnit } = radios;
  const stopped = {
    status: 'stopped' as const,
    startTime: null,
    exclude: false,
    hasFaults: false,
  };
  const quiet = (metric: string) => ({
    metric,
    type: 'digital',
    lastValue: 0,
    timestamp: new Date(now.getTime() - 3 * 60_000).toISOString(),
  });
  const fourValveBlocks = BIG_BLOCK_VALVES - 3 * BIG_BLOCK_ZONES;
  const valveValues: (typeof t.controls.$inferInsert)[] = [];
  for (const [index, block] of blocks.entries()) {
    const perBlock = index < fourValveBlocks ? 4 : 3;
    const section = sectionRows[index];
    const radio = valveRadios[index];
    for (let valve = 0; valve < perBlock; valve++) {
      valveValues.push({
        areaId: area.id,
        number: valveValues.length + 1,
        label: `Block ${index + 1} valve ${'ABCD'[valve] ?? valve + 1}`,
        type: 'valve',
        radioId: radio?.id ?? null,
        unitId: radio?.unitId ?? null,
        sectionId: section?.id ?? null,
        location: formatPointText(offset(block[0] ?? origin, -10 - valve * 18, 14)),
        application: stopped,
        topics: [quiet('fault'), quiet('running')],
        startRequested: false,
        isRunning: false,
      });
    }
  }
  const pumpValues = ['Bore pump', 'Booster pump'].map((label, index) => ({
    areaId: area.id,
    number: 1001 + index,
    label,
    type: 'pump' as const,
    radioId: pumpRadio.id,
    unitId: baseUnit.id,
    sectionId: null,
    location: formatPointText(offset(BIG_BLOCK_SHED, 0, index * 6)),
    application: stopped,
    topics: [quiet('fault'), quiet('running')],
    startRequested: false,
    isRunning: false,
  }));
  return tx
    .insert(t.controls)
    .values([...valveValues, ...pumpValues])
    .returning({ id: t.controls.id, type: t.controls.type });
}

/** Members: the demo admin, manager and staff, and the bench user, whichever exist. */
async function bigBlockMembers(tx: Transaction, siteId: number) {
  const admin = [...ROLES.admin.actions];
  const privilegesOf: Record<string, Privilege[]> = {
    [DEMO_LOGINS.admin]: admin,
    [DEMO_LOGINS.manager]: [...ROLES.manage.actions],
    [DEMO_LOGINS.staff]: [...admin, 'loginAs', 'internal', 'install'],
    [BENCH_LOGIN]: admin,
  };
  const members = await tx
    .select({ id: t.users.id, login: t.users.login })
    .from(t.users)
    .where(inArray(t.users.login, Object.keys(privilegesOf)));
  if (members.length > 0) {
    await tx
      .insert(t.siteMembers)
      .values(members.map((user) => memberRow(user.id, siteId, privilegesOf[user.login] ?? [])));
  }
}

/**
 * One large apple orchard, "Big Block": an irrigation area of 60 zones (10 × 6 blocks of
 * 110 × 80 m) and 200 valves (4 on each of the first 20 blocks, 3 on the rest), one valve
 * controller radio per block, a pump radio, repeaters and a coordinator, two pumps, and one
 * stopped program with every zone in 4 sequences of 15. The demo admin (admin), manager (manage)
 * and staff and the bench user (admin) are its members, as far as they exist. Every valve is on a
 * radio with serial numbers the field protocol takes, so the devstack's simulator runs them when
 * the server starts after this seed. Can run more than once: serial numbers carry the site's id.
 */
export async function seedBigIrrigationArea(
  db: Database,
  options: { now: Date },
): Promise<BigAreaSeeded> {
  const { now } = options;
  return db.transaction(async (tx) => {
    const ground = await bigBlockGround(tx);
    const { site, area, sectionRows } = ground;
    const radios = await bigBlockRadios(tx, now, ground);
    const { valveRadios, pumpRadio, repeaterRows, coordinator } = radios;
    await bigBlockSensors(tx, now, ground, radios);
    const controlRows = await bigBlockControls(tx, now, ground, radios);

    // The program: every block in one of 4 sequences of 15, a column pair after another.
    const sectionIds = sectionRows.map((row) => row.id);
    const perSequence = Math.ceil(BIG_BLOCK_ZONES / BIG_BLOCK_SEQUENCES);
    const sequences = Array.from({ length: BIG_BLOCK_SEQUENCES }, (_, index) =>
      sectionIds.slice(index * perSequence, (index + 1) * perSequence),
    );
    const [program] = await tx
      .insert(t.programs)
      .values(
        programRow({
          areaId: area.id,
          name: 'Orchard program',
          attachments: controlRows.filter((row) => row.type === 'pump').map((row) => row.id),
          sequences,
          // Every zone valve-controlled (the factory's type), the depths varying a little.
          zones: sectionIds.map((id, index) => programZoneRow(id, { depth: 10 + (index % 3) * 2 })),
        }),
      )
      .returning({ id: t.programs.id });
    if (!program) throw new Error('program not inserted');

    await bigBlockMembers(tx, site.id);
    return {
      siteId: site.id,
      areaId: area.id,
      programId: program.id,
      sectionIds,
      valveIds: controlRows.filter((row) => row.type === 'valve').map((row) => row.id),
      radioIds: [
        ...valveRadios.map((row) => row.id),
        pumpRadio.id,
        ...repeaterRows.map((row) => row.id),
        coordinator.id,
      ],
    };
  });
}
