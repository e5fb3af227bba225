/**
 * The scale seed: many plain farms, each with an irrigation area, its zones and program, and
 * hundreds of radios and units, so benchmarks meet the row counts of a busy installation. Rows go
 * in as multi-row inserts of about a thousand, one transaction per batch of sites. The one big
 * irrigation area for the web benchmark's area page is big-block.ts.
 */
import {
  ROLES,
  formatPointText,
  formatPolygonText,
  polygonToGeometry,
  type CountryCode,
  type RadioType,
} from '@paddock/domain';
import { BENCH_LOGIN, DEMO_LOGINS, DEMO_PASSWORD } from '@paddock/domain/demo';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
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

/**
 * Districts the scale farms are spread over, so the site filter has something to group: country,
 * region, time zone, crop, and the point the district's farms are spread around.
 */
const DISTRICTS = (
  [
    ['nz', "Hawke's Bay", 'Pacific/Auckland', 'grapes', -39.62, 176.78],
    ['nz', 'Marlborough', 'Pacific/Auckland', 'grapes', -41.5, 173.85],
    ['nz', 'Canterbury', 'Pacific/Auckland', 'pasture', -43.67, 172.2],
    ['au', 'Riverland', 'Australia/Adelaide', 'almonds', -34.44, 140.6],
    ['au', 'Sunraysia', 'Australia/Melbourne', 'citrus', -34.3, 142.19],
    ['au', 'Tasmania', 'Australia/Hobart', 'apples', -43.03, 147.04],
  ] as const satisfies readonly (readonly [CountryCode, string, string, string, number, number])[]
).map(([country, region, timezone, cropType, lat, lng]) => ({
  country,
  region,
  timezone,
  cropType,
  centre: { lat, lng },
}));

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

/**
 * The scale seed a database holds already (one `npm run bench:hundred-million` seeded once for
 * several benches): the first `sites` farms the bench user is a member of, in the order they were
 * seeded; null when it holds fewer.
 */
export async function findScaleSeed(db: Database, sites: number): Promise<ScaleSeeded | null> {
  const rows = await db
    .select({ userId: t.users.id, siteId: t.sites.id, areaId: t.areas.id })
    .from(t.users)
    .innerJoin(t.siteMembers, eq(t.siteMembers.userId, t.users.id))
    .innerJoin(t.sites, eq(t.sites.id, t.siteMembers.siteId))
    .innerJoin(t.areas, and(eq(t.areas.siteId, t.sites.id), eq(t.areas.type, 'irrigation')))
    .where(eq(t.users.login, BENCH_LOGIN))
    .orderBy(asc(t.sites.id))
    .limit(sites);
  const first = rows[0];
  if (!first || rows.length < sites) return null;
  return {
    siteIds: rows.map((row) => row.siteId),
    areaIds: rows.map((row) => row.areaId),
    benchUserId: first.userId,
  };
}

/** Where each farm of a batch lies: its district, its corner, its blocks and its outline. */
function batchLayouts(indexes: number[]) {
  return indexes.map((index) => {
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
}

type FarmLayout = ReturnType<typeof batchLayouts>[number];

/** Each farm's units and radios, `radiosPerSite` of each, one unit per radio. */
async function seedBatchHardware(
  tx: Transaction,
  layouts: FarmLayout[],
  rows: {
    siteRows: { id: number }[];
    areaRows: { id: number; siteId: number }[];
    sectionRows: { id: number; areaId: number }[];
  },
  options: { radiosPerSite: number; now: Date },
) {
  const { radiosPerSite, now } = options;
  const { siteRows, areaRows, sectionRows } = rows;
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
}

async function seedBatch(
  tx: Transaction,
  indexes: number[],
  options: { radiosPerSite: number; now: Date; memberIds: number[] },
): Promise<{ siteIds: number[]; areaIds: number[] }> {
  const layouts = batchLayouts(indexes);

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

  await seedBatchHardware(tx, layouts, { siteRows, areaRows, sectionRows }, options);
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
