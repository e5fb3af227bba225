/**
 * The scale seed: many plain farms, each with an irrigation area, its zones and program, and
 * hundreds of radios and units, so benchmarks meet the row counts of a busy installation. Rows go
 * in as multi-row inserts of about a thousand, one transaction per batch of sites. And one big
 * irrigation area ("Big Block": 60 zones, 200 valves) for the web benchmark's area page.
 */
import {
  ROLES,
  formatPointText,
  formatPolygonText,
  polygonToGeometry,
  type CountryCode,
  type Privilege,
  type RadioType,
} from '@paddock/domain';
import { BENCH_LOGIN, DEMO_LOGINS, DEMO_PASSWORD } from '@paddock/domain/demo';
import { eq, inArray, sql } from 'drizzle-orm';
import { hashPassword } from '../auth/passwords.ts';
import type { Database, Transaction } from '../db/client.ts';
import * as t from '../db/schema.ts';
import { blockGrid, boundsOf, boundsPolygon, centroid, offset } from './geometry.ts';
import { memberRow, meshRole, programRow, programZoneRow } from './rows.ts';

export type ScaleOptions = {
  sites?: number;
  radiosPerSite?: number;
  now: Date;
  passwordHash?: string;
  /** Progress lines, a few per run; none when not given. */
  log?: (line: string) => void;
};

export type ScaleSeeded = {
  siteIds: number[];
  /** The irrigation area of each site, in site order; each lists `radiosPerSite` radios. */
  areaIds: number[];
  benchUserId: number;
};

/** Rows per insert statement: well under PostgreSQL's 65,535 parameters for every table here. */
const ROWS_PER_INSERT = 1000;
const SECTIONS_PER_AREA = 8;

/** Districts the scale farms are spread over, so the site filter has something to group. */
const DISTRICTS: readonly {
  country: CountryCode;
  region: string;
  timezone: string;
  cropType: string;
  centre: { lat: number; lng: number };
}[] = [
  {
    country: 'nz',
    region: "Hawke's Bay",
    timezone: 'Pacific/Auckland',
    cropType: 'grapes',
    centre: { lat: -39.62, lng: 176.78 },
  },
  {
    country: 'nz',
    region: 'Marlborough',
    timezone: 'Pacific/Auckland',
    cropType: 'grapes',
    centre: { lat: -41.5, lng: 173.85 },
  },
  {
    country: 'nz',
    region: 'Canterbury',
    timezone: 'Pacific/Auckland',
    cropType: 'pasture',
    centre: { lat: -43.67, lng: 172.2 },
  },
  {
    country: 'au',
    region: 'Riverland',
    timezone: 'Australia/Adelaide',
    cropType: 'almonds',
    centre: { lat: -34.44, lng: 140.6 },
  },
  {
    country: 'au',
    region: 'Sunraysia',
    timezone: 'Australia/Melbourne',
    cropType: 'citrus',
    centre: { lat: -34.3, lng: 142.19 },
  },
  {
    country: 'au',
    region: 'Tasmania',
    timezone: 'Australia/Hobart',
    cropType: 'apples',
    centre: { lat: -43.03, lng: 147.04 },
  },
];

const RADIO_TYPES: readonly RadioType[] = ['WVC', 'WMR', 'LoRa'];

async function insertInChunks<Row, Result>(
  rows: readonly Row[],
  insert: (chunk: Row[]) => Promise<Result[]>,
): Promise<Result[]> {
  const results: Result[] = [];
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    results.push(...(await insert(rows.slice(start, start + ROWS_PER_INSERT))));
  }
  return results;
}

/**
 * Adds `sites` farms of `radiosPerSite` radios and units each, and makes the bench user (and the
 * demo admin, when the demo farm is there) a member of all of them. Can run on top of the demo
 * farm and more than once: serial numbers carry the new site's id.
 */
export async function seedScale(db: Database, options: ScaleOptions): Promise<ScaleSeeded> {
  const siteCount = options.sites ?? 500;
  const radiosPerSite = options.radiosPerSite ?? 200;
  const { now, log } = options;
  const passwordHash = options.passwordHash ?? (await hashPassword(DEMO_PASSWORD));

  await db
    .insert(t.users)
    .values({
      login: BENCH_LOGIN,
      firstName: 'Bench',
      lastName: 'Runner',
      passwordHash,
    })
    .onConflictDoNothing({ target: t.users.login });
  const adminLogin = DEMO_LOGINS.admin;
  const memberRows = await db
    .select({ id: t.users.id, login: t.users.login })
    .from(t.users)
    .where(inArray(t.users.login, [BENCH_LOGIN, adminLogin]));
  const benchUser = memberRows.find((row) => row.login === BENCH_LOGIN);
  if (!benchUser) throw new Error('bench user not inserted');

  const sitesPerBatch = Math.max(1, Math.floor((2 * ROWS_PER_INSERT) / Math.max(1, radiosPerSite)));
  const seeded: ScaleSeeded = { siteIds: [], areaIds: [], benchUserId: benchUser.id };
  const started = Date.now();
  let reported = 0;
  for (let first = 0; first < siteCount; first += sitesPerBatch) {
    const indexes = Array.from(
      { length: Math.min(sitesPerBatch, siteCount - first) },
      (_, offsetInBatch) => first + offsetInBatch,
    );
    const batch = await db.transaction((tx) =>
      seedBatch(tx, indexes, { radiosPerSite, now, memberIds: memberRows.map((row) => row.id) }),
    );
    seeded.siteIds.push(...batch.siteIds);
    seeded.areaIds.push(...batch.areaIds);
    const done = first + indexes.length;
    if (log && (done - reported >= Math.max(50, siteCount / 5) || done === siteCount)) {
      reported = done;
      log(
        `scale seed: ${done}/${siteCount} sites (${((Date.now() - started) / 1000).toFixed(1)} s)`,
      );
    }
  }
  return seeded;
}

async function seedBatch(
  tx: Transaction,
  indexes: number[],
  options: { radiosPerSite: number; now: Date; memberIds: number[] },
): Promise<{ siteIds: number[]; areaIds: number[] }> {
  const { radiosPerSite, now } = options;
  const layouts = indexes.map((index) => {
    const district = DISTRICTS[index % DISTRICTS.length] ?? DISTRICTS[0];
    if (!district) throw new Error('no district');
    // Farms 2 km apart on a grid around the district's centre.
    const step = Math.floor(index / DISTRICTS.length);
    const origin = offset(district.centre, -(step % 20) * 2000, Math.floor(step / 20) * 2000);
    const blocks = blockGrid({
      origin,
      count: SECTIONS_PER_AREA,
      columns: 4,
      width: 200,
      height: 150,
    });
    const outline = boundsPolygon(boundsOf(blocks.flat(), 10));
    return { index, district, origin, blocks, outline };
  });

  const siteRows = await tx
    .insert(t.sites)
    .values(
      layouts.map(({ index, district, origin, outline }) => ({
        label: `Bench Farm ${String(index + 1).padStart(4, '0')}`,
        location: formatPointText(origin),
        tags: { country: district.country, region: district.region, cropType: district.cropType },
        applications: ['irrigation'],
        settings: { bounds: boundsOf(outline, 150) },
        config: { timezone: district.timezone, season: { start: '0109', end: '3004' } },
        operator: `Bench Operator ${(index % 7) + 1}`,
        client: `Bench Client ${(index % 23) + 1}`,
      })),
    )
    .returning({ id: t.sites.id });
  const areaRows = await tx
    .insert(t.areas)
    .values(
      layouts.map(({ outline }, position) => ({
        siteId: siteRows[position]?.id ?? 0,
        label: 'Irrigation',
        type: 'irrigation' as const,
        capabilities: [
          'soilMoisture' as const,
          'batterySignal' as const,
          'irrigationPump' as const,
        ],
        settings: { bounds: boundsOf(outline, 30) },
        geometry: polygonToGeometry(outline),
        outline: formatPolygonText(outline),
        status: 'normal' as const,
      })),
    )
    .returning({ id: t.areas.id, siteId: t.areas.siteId });
  const sectionRows = await tx
    .insert(t.sections)
    .values(
      layouts.flatMap(({ blocks }, position) =>
        blocks.map((block, number) => ({
          areaId: areaRows[position]?.id ?? 0,
          number: number + 1,
          label: `Block ${String.fromCharCode(65 + number)}`,
          type: 'irrigationZone' as const,
          outline: formatPolygonText(block),
          location: formatPointText(centroid(block)),
        })),
      ),
    )
    .returning({ id: t.sections.id, areaId: t.sections.areaId });

  await tx.insert(t.programs).values(
    areaRows.map((area) => {
      const zones = sectionRows.filter((row) => row.areaId === area.id).map((row) => row.id);
      const sequences: number[][] = [];
      for (let start = 0; start < zones.length; start += 2)
        sequences.push(zones.slice(start, start + 2));
      return programRow({
        areaId: area.id,
        name: 'Irrigation program',
        sequences,
        zones: zones.map((id) => programZoneRow(id)),
      });
    }),
  );

  // One unit per radio: a radio per logger is how the largest installations are wired.
  const lastUpdate = new Date(now.getTime() - 5 * 60_000);
  const unitValues = layouts.flatMap(({ origin }, position) => {
    const site = siteRows[position];
    const area = areaRows[position];
    if (!site || !area) return [];
    return Array.from({ length: radiosPerSite }, (_, number) => ({
      siteId: site.id,
      serialno: `SC${site.id}-U${number + 1}`,
      areaIds: [area.id],
      location: formatPointText(offset(origin, -(number % 20) * 30, Math.floor(number / 20) * 30)),
      lastUpdate,
    }));
  });
  const unitRows = await insertInChunks(unitValues, (chunk) =>
    tx.insert(t.units).values(chunk).returning({ id: t.units.id, serialno: t.units.serialno }),
  );
  const unitBySerial = new Map(unitRows.map((row) => [row.serialno, row.id]));

  const radioValues = layouts.flatMap(({ origin }, position) => {
    const site = siteRows[position];
    const area = areaRows[position];
    if (!site || !area) return [];
    const zones = sectionRows.filter((row) => row.areaId === area.id);
    return Array.from({ length: radiosPerSite }, (_, number) => {
      // Health varies by number so list pages and filters see warnings and faults too.
      const overdue = number % 97 === 13;
      return {
        siteId: site.id,
        areaId: area.id,
        type: RADIO_TYPES[number % RADIO_TYPES.length] ?? 'WVC',
        unitId: unitBySerial.get(`SC${site.id}-U${number + 1}`) ?? null,
        serialno: `SC${site.id}-R${number + 1}`,
        sectionId: zones[number % zones.length]?.id ?? null,
        location: formatPointText(
          offset(origin, -(number % 20) * 30 - 5, Math.floor(number / 20) * 30 + 5),
        ),
        tags: { identifier: number === 0 ? 'gateway' : 'valve' },
        config: meshRole({ repeater: number > 0 && number % 50 === 0, coordinator: number === 0 }),
        overdue,
        online: !overdue,
        lastUpdate: overdue ? new Date(now.getTime() - 6 * 3600_000) : lastUpdate,
        batteryValue: number % 41 === 7 ? 3.2 : 3.6 + (number % 5) / 10,
        signalValue: number % 37 === 5 ? -104 : -60 - (number % 30),
        missesValue: number % 11,
      };
    });
  });
  await insertInChunks(radioValues, (chunk) =>
    tx.insert(t.radios).values(chunk).returning({ id: t.radios.id }),
  );
  const siteIds = siteRows.map((row) => row.id);
  // Each unit reports through its own radio: one joined update for the whole batch.
  await tx.execute(
    sql`update units set radio_id = radios.id from radios where radios.unit_id = units.id and radios.site_id in ${siteIds}`,
  );

  const admin = [...ROLES.admin.actions];
  await tx
    .insert(t.siteMembers)
    .values(
      options.memberIds.flatMap((userId) =>
        siteIds.map((siteId) => memberRow(userId, siteId, admin)),
      ),
    );
  return { siteIds, areaIds: areaRows.map((row) => row.id) };
}

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
    const rows = BIG_BLOCK_ZONES / BIG_BLOCK_COLUMNS;
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

    // Units: the base station at the shed; field units at the west and east ends of the blocks.
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

    const lastUpdate = (index: number) => new Date(now.getTime() - (1 + (index % 12)) * 60_000);
    const health = (index: number) => ({
      batteryValue: 3.6 + (index % 5) / 10,
      signalValue: -62 - (index % 28),
      missesValue: index % 3,
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
      .values({
        siteId: site.id,
        areaId: area.id,
        type: 'WMR',
        unitId: baseUnit.id,
        serialno: `BB${site.id}-P1`,
        sectionId: null,
        location: formatPointText(offset(BIG_BLOCK_SHED, 4, 10)),
        tags: { identifier: 'pump' },
        config: meshRole(),
        lastUpdate: lastUpdate(0),
        ...health(1),
      })
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
      .values({
        siteId: site.id,
        areaId: area.id,
        type: 'WMR',
        unitId: baseUnit.id,
        serialno: `BB${site.id}-G1`,
        sectionId: null,
        location: formatPointText(offset(BIG_BLOCK_SHED, 8, 6)),
        tags: { identifier: 'gateway' },
        config: meshRole({
          coordinator: true,
          children: [...repeaterRows.map((row) => row.id), pumpRadio.id],
        }),
        lastUpdate: lastUpdate(0),
        ...health(3),
      })
      .returning({ id: t.radios.id });
    if (!coordinator || !repeaterRows[0] || !repeaterRows[repeaterCount - 1]) {
      throw new Error('radios not inserted');
    }
    await tx.update(t.units).set({ radioId: coordinator.id }).where(eq(t.units.id, baseUnit.id));
    await tx
      .update(t.units)
      .set({ radioId: repeaterRows[0].id })
      .where(eq(t.units.id, westUnit.id));
    await tx
      .update(t.units)
      .set({ radioId: repeaterRows[repeaterCount - 1]?.id ?? repeaterRows[0].id })
      .where(eq(t.units.id, eastUnit.id));

    // Mainline pressure and flow at the pump shed, on the pump radio.
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

    // 200 valves: 4 on each of the first blocks, 3 on the rest, all on the block's controller.
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
    const controlRows = await tx
      .insert(t.controls)
      .values([...valveValues, ...pumpValues])
      .returning({ id: t.controls.id, type: t.controls.type });

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

    // Members: the demo admin, manager and staff, and the bench user, whichever exist.
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
        .values(members.map((user) => memberRow(user.id, site.id, privilegesOf[user.login] ?? [])));
    }
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
