/**
 * The demo farm: six sites in New Zealand and Australia with every kind of area, hardware and
 * person the console shows, so a fresh install has something real to look at. Only ever seeded
 * into an empty database, in one transaction: it either all lands or none of it does.
 */
import {
  neverRunProgramStatus,
  ALARM_TEMPLATES,
  FAN_METRICS,
  FAN_SET_POINT_PRESETS,
  FROST_FAN_IDENTIFIER,
  ROLES,
  alarmRuleFromTemplate,
  formatPointText,
  formatPolygonText,
  isFrostFan,
  parsePointText,
  polygonToGeometry,
  type AlarmRuleInput,
  type AlarmRuleOptions,
  type AlarmTemplate,
  type AreaCapability,
  type LatLng,
  type MetaType,
  type Privilege,
  type ProgramSchedule,
  type ProgramStatus,
  type ProgramZone,
  type RadioType,
  type SensorTopic,
  type ZoneApplication,
} from '@paddock/domain';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, type DemoAccountKey } from '@paddock/domain/demo';
import { buildRadio } from '@paddock/domain/testing';
import { eq, sql } from 'drizzle-orm';
import { hashPassword } from '../auth/passwords.ts';
import type { Database, Transaction } from '../db/client.ts';
import * as t from '../db/schema.ts';
import { refreshAreaHealth } from '../field/overdue.ts';
import {
  DEMO_SITES,
  type DemoIrrigationArea,
  type DemoSite,
  type RadioTrouble,
} from './demo-sites.ts';
import {
  blockGrid,
  boundsOf,
  boundsPolygon,
  centroid,
  offset,
  pivotSectors,
  rectangle,
  strips,
} from './geometry.ts';
import { memberRow, meshRole, programZoneRow, type MeshRole } from './rows.ts';
import { ensureMetrics } from '../routes/metrics/ensure-metrics.ts';
import { seedDemoScheduledReport } from './demo-scheduled-report.ts';
import { seedDemoWaterConsent } from './demo-water-take.ts';

/** Refused because the database already holds sites or users. */
export class SeedRefusedError extends Error {}

/**
 * True when no site and no user exists yet. Other tables may already hold rows a start-up writes
 * by itself (the token secret, metrics), which do not make a database "in use".
 */
export async function isDatabaseEmpty(db: Database | Transaction): Promise<boolean> {
  const anySite = await db.select({ id: t.sites.id }).from(t.sites).limit(1);
  const anyUser = await db.select({ id: t.users.id }).from(t.users).limit(1);
  return anySite.length === 0 && anyUser.length === 0;
}

export type DemoFarmSeeded = {
  sites: { id: number; label: string }[];
  accounts: Record<DemoAccountKey, { id: number; login: string }>;
};

const adminActions = [...ROLES.admin.actions];
const manageActions = [...ROLES.manage.actions];
const monitorActions = [...ROLES.monitor.actions];
const staffSiteActions: Privilege[] = [...adminActions, 'loginAs', 'internal', 'install'];

/**
 * Seeds the demo farm. Refuses (SeedRefusedError) unless the database is empty, so a second run
 * never duplicates it. Every timestamp is relative to `now`: the farm always looks current.
 */
export async function seedDemoFarm(
  db: Database,
  options: {
    now: Date;
    passwordHash?: string;
    /** How often every demo radio and unit reports; the default is each device type's own. */
    reportIntervalSeconds?: number;
  },
): Promise<DemoFarmSeeded> {
  const passwordHash = options.passwordHash ?? (await hashPassword(DEMO_PASSWORD));
  return db.transaction(async (tx) => {
    if (!(await isDatabaseEmpty(tx))) {
      throw new SeedRefusedError(
        'The database already holds sites or users; the demo farm is only seeded into an empty one.',
      );
    }
    const accountRows = await tx
      .insert(t.users)
      .values(
        DEMO_ACCOUNTS.map((account) => ({
          login: account.login,
          firstName: account.firstName,
          lastName: account.lastName,
          locale: 'en-NZ',
          passwordHash,
          privileges: [...account.privileges],
        })),
      )
      .returning({ id: t.users.id, login: t.users.login });
    const accounts = Object.fromEntries(
      DEMO_ACCOUNTS.map((account, index) => {
        const row = accountRows[index];
        if (!row) throw new Error('demo account not inserted');
        return [account.key, row];
      }),
    ) as DemoFarmSeeded['accounts'];

    const serials = new SerialNumbers();
    const sites: DemoFarmSeeded['sites'] = [];
    const members: (typeof t.siteMembers.$inferInsert)[] = [];
    for (const [index, spec] of DEMO_SITES.entries()) {
      const siteId = await seedSite(tx, spec, {
        now: options.now,
        random: mulberry32(index + 1),
        serials,
        accounts,
      });
      sites.push({ id: siteId, label: spec.label });
      const member = (key: DemoAccountKey, privileges: Privilege[]) =>
        members.push(memberRow(accounts[key].id, siteId, privileges));
      member('admin', adminActions);
      if (spec.managed) member('manager', manageActions);
      if (spec.monitored) member('monitor', monitorActions);
      member('staff', staffSiteActions);
    }
    await tx.insert(t.siteMembers).values(members);
    await seedDemoWaterConsent(tx, sites, options.now);
    await seedDemoScheduledReport(tx, sites, accounts.admin.id, options.now);
    await tx
      .update(t.users)
      .set({ lastLogin: minutesAgo(options.now, 95) })
      .where(eq(t.users.id, accounts.admin.id));
    if (options.reportIntervalSeconds) {
      await tx.update(t.radios).set({ reportIntervalSeconds: options.reportIntervalSeconds });
      await tx.update(t.units).set({ reportIntervalSeconds: options.reportIntervalSeconds });
    }
    await ensureMetrics(tx);
    return { sites, accounts };
  });
}

/**
 * Start-up's seed: the demo farm when the database is empty, nothing otherwise. True when it
 * seeded. Two servers starting on one empty PostgreSQL database race; the loser's transaction
 * fails and leaves the winner's farm, which is what it wanted.
 */
export async function seedDemoFarmIfEmpty(
  db: Database,
  options: { now: Date; reportIntervalSeconds?: number },
): Promise<boolean> {
  if (!(await isDatabaseEmpty(db))) return false;
  try {
    await seedDemoFarm(db, options);
    return true;
  } catch (error) {
    if (await isDatabaseEmpty(db)) throw error;
    return false;
  }
}

type SiteContext = {
  now: Date;
  random: () => number;
  serials: SerialNumbers;
  accounts: DemoFarmSeeded['accounts'];
};

/** Deterministic pseudo-random numbers, so every seed draws the same readings. */
function mulberry32(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

/** Serial numbers unique across the whole farm (the database insists), in the makers' styles. */
class SerialNumbers {
  private next: Record<string, number> = { WVC: 4512, WMR: 8104, LoRa: 12033, U: 77810, S: 2231 };
  radio(type: RadioType): string {
    return `${type === 'LoRa' ? 'LRA' : type}-${String(this.take(type)).padStart(6, '0')}`;
  }
  unit(): string {
    return `U-${this.take('U')}`;
  }
  sensor(prefix: string): string {
    return `${prefix}-${this.take('S')}`;
  }
  private take(key: string): number {
    const value = this.next[key] ?? 1;
    this.next[key] = value + 1;
    return value;
  }
}

function minutesAgo(now: Date, minutes: number): Date {
  return new Date(now.getTime() - minutes * 60_000);
}

function round(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

/** One point text per position, as every location column stores it (§3). */
const point = formatPointText;

type Area = typeof t.areas.$inferSelect;
type Section = typeof t.sections.$inferSelect;

/** The zones of one irrigation area as laid out on the ground. */
function zoneShapes(spec: DemoIrrigationArea): LatLng[][] {
  const { layout } = spec;
  if (layout.kind === 'pivot') return pivotSectors(layout.centre, layout.radius, spec.zones.length);
  return blockGrid({
    origin: layout.origin,
    count: spec.zones.length,
    columns: layout.columns,
    width: layout.width,
    height: layout.height,
  });
}

type RadioPlan = {
  type: RadioType;
  areaId: number;
  unitId: number;
  sectionId: number | null;
  location: LatLng;
  identifier: string;
  /** The key later code finds this radio by, e.g. 'zone:12', 'pump:3', 'weather'. */
  key: string;
};

async function seedSite(tx: Transaction, spec: DemoSite, ctx: SiteContext): Promise<number> {
  const { now, random, serials } = ctx;

  // Shapes first: the site's bounds and boundary come from its blocks.
  const irrigationShapes = spec.irrigation.map(zoneShapes);
  const farmedPoints = irrigationShapes.flat(2);
  const farmBounds = boundsOf(farmedPoints);
  const frostShapes = spec.frost
    ? strips(boundsOf((irrigationShapes[0] ?? []).flat(), 10), spec.frost.fans)
    : [];
  const waterOutline = rectangle(offset(spec.shed, 50, -70), 140, 100);
  const allPoints = [...farmedPoints, ...waterOutline, spec.shed];

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
        markers: [{ label: 'Pump shed', location: spec.shed }],
        polygons: [{ label: 'Property boundary', path: boundsPolygon(boundsOf(allPoints, 40)) }],
      },
      config: { timezone: spec.timezone, season: spec.season },
      operator: spec.operator,
      client: spec.client,
      modifiedAt: minutesAgo(now, 60 * 24 * 3),
    })
    .returning({ id: t.sites.id });
  if (!site) throw new Error('site not inserted');

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
  const healthy = () => ({
    batteryValue: round(3.55 + random() * 0.55, 2),
    signalValue: Math.round(-62 - random() * 30),
    missesValue: Math.floor(random() * 3),
  });
  const radioValue = (plan: Omit<RadioPlan, 'key'>, config: MeshRole, trouble?: RadioTrouble) => {
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
  };
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

  // Sensors: every §3 type somewhere on the farm.
  const at = (minutes: number) => minutesAgo(now, minutes).toISOString();
  const topic = (metric: string, lastValue: number, type = 'analog'): SensorTopic => ({
    metric,
    type,
    lastValue,
    timestamp: at(2 + Math.floor(random() * 10)),
  });
  const sensorValues: (typeof t.sensors.$inferInsert)[] = [];
  const sensor = (
    area: Area,
    type: string,
    label: string,
    radioKey: string,
    location: LatLng,
    topics: SensorTopic[],
    identifier?: string,
  ) => {
    const radio = radioFor(radioKey);
    sensorValues.push({
      siteId: site.id,
      areaId: area.id,
      type,
      radioId: radio?.id ?? null,
      unitId: radio?.unitId ?? baseUnit.id,
      location: point(location),
      geometry: { type: 'Point', coordinates: [location.lng, location.lat] },
      tags: identifier ? { identifier } : {},
      topics,
      label,
      serialno: serials.sensor(type.slice(0, 2).toUpperCase()),
    });
  };
  for (const [areaIndex, area] of irrigationAreas.entries()) {
    const areaSpec = spec.irrigation[areaIndex];
    if (!areaSpec) continue;
    for (const [zoneIndex, zone] of zonesOf(area).entries()) {
      if (!radioFor(`soil:${zone.id}`)) continue;
      const location = centroidOf(zone);
      const moisture = round(22 + random() * 16, 1);
      // The first zone's probe is a multi-layer one (§3 multiLayer): moisture at 10, 30, 60 cm.
      const layers =
        zoneIndex === 0
          ? [10, 30, 60].map((depth) =>
              topic(`soil.moisture.${depth}`, round(moisture + depth * 0.05, 1)),
            )
          : [];
      sensor(
        area,
        'soilMoisture',
        `${zone.label} soil probe`,
        `soil:${zone.id}`,
        location,
        [
          topic('soil.moisture', moisture),
          ...layers,
          topic('soil.temperature', round(11 + random() * 6, 1)),
        ],
        zoneIndex === 0 ? 'multiLayer' : undefined,
      );
    }
    const pumpKey = `pump:${area.id}`;
    const shedSide = offset(spec.shed, 5 + areaIndex * 6, 12);
    const running = areaSpec.program.scene === 'running';
    for (const pump of areaSpec.pumps) {
      sensor(area, 'pump', `${pump} status`, pumpKey, shedSide, [
        topic('pump.running', running ? 1 : 0, 'digital'),
        topic('pump.current', running ? round(18 + random() * 4, 1) : 0),
      ]);
    }
    sensor(area, 'pressure', 'Mainline pressure', pumpKey, shedSide, [
      topic('pressure', running ? Math.round(310 + random() * 30) : Math.round(40 + random() * 10)),
    ]);
    sensor(area, 'watermeter', 'Mainline flow meter', pumpKey, shedSide, [
      topic('water.flow', running ? round(24 + random() * 6, 1) : 0),
      topic('water.total', Math.round(18_000 + random() * 9_000)),
    ]);
    sensor(area, 'power', `${areaSpec.pumps[0] ?? 'Pump'} supply`, pumpKey, shedSide, [
      topic('power.voltage', Math.round(410 + random() * 10)),
      topic('power.current', running ? round(21 + random() * 3, 1) : 0),
    ]);
    if (areaSpec.externalInput) {
      sensor(area, 'external', areaSpec.externalInput, pumpKey, shedSide, [
        topic('external.input', 0, 'digital'),
      ]);
    }
    if (areaSpec.weather) {
      const station = offset(spec.shed, 35, 45);
      const key = `weather:${area.id}`;
      const temperature = round(13 + random() * 8, 1);
      sensor(
        area,
        'temperature',
        'Weather station air temperature',
        key,
        station,
        [topic('temperature', temperature)],
        'weather',
      );
      sensor(
        area,
        'rainbucket',
        'Weather station rain gauge',
        key,
        station,
        [topic('rain.avg', round(random() * 2, 1))],
        'weather',
      );
      sensor(
        area,
        'wind',
        'Weather station anemometer',
        key,
        station,
        [
          topic('wind.speed', round(6 + random() * 14, 1)),
          topic('wind.direction.current', Math.round(random() * 359)),
        ],
        'weather',
      );
      sensor(
        area,
        'humidity',
        'Weather station humidity',
        key,
        station,
        [
          topic('humidity.relative.current', Math.round(55 + random() * 30)),
          topic('temperature.dewpoint.current', round(temperature - 6 - random() * 3, 1)),
        ],
        'weather',
      );
      sensor(
        area,
        'air',
        'Weather station barometer',
        key,
        station,
        [
          topic('air.pressure.relative.current', round(1008 + random() * 12, 1)),
          topic('air.density.current', round(1.2 + random() * 0.04, 3)),
        ],
        'weather',
      );
    }
  }
  if (frostArea) {
    for (const block of frostBlocks) {
      sensor(
        frostArea,
        'temperature',
        `${block.label} canopy temperature`,
        `canopy:${block.id}`,
        centroidOf(block),
        [topic('temperature', round(4 + random() * 5, 1))],
        'canopy',
      );
      // The fan's engine controller reports through the block's canopy radio. §3 has no fan
      // sensor type: an external input marked frostFan, with the §9 fan chart metrics.
      const engineHours = Math.round(300 + random() * 400);
      sensor(
        frostArea,
        'external',
        `${block.label.replace(/ block$/, '')} engine`,
        `canopy:${block.id}`,
        centroidOf(block),
        [
          topic(FAN_METRICS.rpm, 0),
          topic(FAN_METRICS.fuelLevel, Math.round(60 + random() * 35)),
          topic(FAN_METRICS.trip, round(random() * 6, 1)),
          topic(FAN_METRICS.total, engineHours),
          topic(FAN_METRICS.battery, round(12.6 + random() * 0.2, 2)),
          topic(FAN_METRICS.windSpeed, round(3 + random() * 6, 1)),
        ],
        FROST_FAN_IDENTIFIER,
      );
    }
    const first = frostBlocks[0];
    if (first) {
      const tower = centroidOf(first);
      sensor(
        frostArea,
        'wind',
        'Fan 1 tower wind',
        `canopy:${first.id}`,
        tower,
        [topic('wind.speed', round(3 + random() * 6, 1))],
        'canopy',
      );
      sensor(
        frostArea,
        'humidity',
        'Fan 1 dew point',
        `canopy:${first.id}`,
        tower,
        [
          topic('humidity.relative.current', Math.round(70 + random() * 20)),
          topic('temperature.dewpoint.current', round(1 + random() * 3, 1)),
        ],
        'canopy',
      );
    }
  }
  if (waterArea && spec.water) {
    for (const [index, tank] of spec.water.tanks.entries()) {
      const location = offset(spec.shed, 80, -40 + index * 50);
      const level = Math.round(45 + random() * 50);
      sensor(waterArea, 'level', `${tank} level`, `tank:${index}`, location, [
        topic('level', level),
        // m³ held: the simulator's stock tank holds 30 m³ (apps/simulator/src/water.ts).
        topic('tank.volume', round((level / 100) * 30, 1)),
      ]);
      sensor(waterArea, 'watermeter', `${tank} outlet meter`, `tank:${index}`, location, [
        topic('water.flow', round(random() * 3, 1)),
        topic('water.total', Math.round(2_000 + random() * 3_000)),
      ]);
    }
    sensor(waterArea, 'combine', 'Total water use', 'tank:0', offset(spec.shed, 80, -40), [
      topic('water.total', Math.round(25_000 + random() * 9_000)),
    ]);
    sensor(waterArea, 'pressure', 'Supply line pressure', 'tank:0', offset(spec.shed, 80, -40), [
      topic('pressure', Math.round(180 + random() * 40)),
    ]);
  }
  const sensorRows = await tx.insert(t.sensors).values(sensorValues).returning();

  // Controls and programs, area by area: a program's schedule names its pumps and valves.
  for (const [areaIndex, area] of irrigationAreas.entries()) {
    const areaSpec = spec.irrigation[areaIndex];
    if (!areaSpec) continue;
    await seedProgram(tx, {
      area,
      spec: areaSpec,
      zones: zonesOf(area),
      shapes: irrigationShapes[areaIndex] ?? [],
      shed: offset(spec.shed, 5 + areaIndex * 6, 14),
      radioFor,
      now,
    });
  }

  // People who are told about alarms: the demo accounts' contacts and the growers'.
  const notificationIds: number[] = [];
  /** Who the escalation roster calls on, in the order the site lists its people. */
  const rosterSteps: { contact: number; method: 'sms' | 'voice' | 'email' }[] = [];
  for (const contactSpec of spec.contacts) {
    const [contact] = await tx
      .insert(t.contacts)
      .values({
        siteId: site.id,
        userId: contactSpec.account ? ctx.accounts[contactSpec.account].id : null,
        name: contactSpec.name,
        company: contactSpec.company,
        locale: spec.country === 'nz' ? 'en-NZ' : 'en-AU',
      })
      .returning({ id: t.contacts.id });
    if (!contact) throw new Error('contact not inserted');
    const afterhours = contactSpec.afterhours ?? false;
    const ways = [
      contactSpec.email
        ? { method: 'email' as const, address: contactSpec.email, afterhours: false }
        : null,
      contactSpec.sms ? { method: 'sms' as const, address: contactSpec.sms, afterhours } : null,
      contactSpec.voice
        ? { method: 'voice' as const, address: contactSpec.voice, afterhours }
        : null,
    ].filter((way) => way !== null);
    if (ways.length === 0) continue;
    const rows = await tx
      .insert(t.contactNotifications)
      .values(ways.map((way) => ({ contactId: contact.id, ...way, active: true })))
      .returning({ id: t.contactNotifications.id });
    // The demo monitor only watches; everyone else is told.
    if (contactSpec.account !== 'monitor') {
      notificationIds.push(...rows.map((row) => row.id));
      const way = ways.find((w) => w.method === 'voice') ?? ways.find((w) => w.method === 'sms');
      if (way) rosterSteps.push({ contact: contact.id, method: way.method });
    }
  }
  // Escalation (ours): the people with a phone in turn, ten minutes each, twice more after that.
  await tx.insert(t.siteRosters).values({
    siteId: site.id,
    roster: {
      steps: rosterSteps.slice(0, 3).map((step) => ({ ...step, waitMinutes: 10 })),
      repeat: 2,
      repeatMinutes: 30,
    },
  });

  // Alarms from the §9 templates.
  const alarmValues: (typeof t.alarms.$inferInsert)[] = [];
  const alarm = (area: Area, template: AlarmTemplate, rule: AlarmRuleOptions, active = true) => {
    const input: AlarmRuleInput = alarmRuleFromTemplate(template, rule);
    alarmValues.push({
      areaId: area.id,
      siteId: site.id,
      active,
      // The rule's id is the alarm's, set once the alarm row has one.
      rule: { ...input, id: 1 },
      notifications: notificationIds,
      label: input.name,
    });
  };
  const soilSensor = sensorRows.find((row) => row.type === 'soilMoisture');
  if (soilSensor) {
    alarm(firstIrrigation, ALARM_TEMPLATES.simpleSetPoint, {
      target: soilSensor.id,
      targetType: 'sensor',
      path: 'soil.moisture',
      operator: 'lessThan',
      threshold: 18,
      name: `${soilSensor.label.replace(/ soil probe$/, '')} soil moisture low`,
    });
  }
  alarm(firstIrrigation, ALARM_TEMPLATES.anyRadioOverdue, {
    target: firstIrrigation.id,
    targetType: 'area',
  });
  if (frostArea) {
    const canopy = sensorRows.find(
      (row) => row.areaId === frostArea.id && row.type === 'temperature',
    );
    if (canopy) {
      alarm(frostArea, ALARM_TEMPLATES.anySetPoint, {
        target: canopy.id,
        targetType: 'sensor',
        path: 'temperature',
        operator: 'lessThan',
        threshold: 1,
        name: 'Frost: canopy below 1 °C',
        severity: 'critical',
      });
    }
    // Each fan: "should be running" (issue 15), at 0 °C, below every demo controller's start
    // temperature (0.2–0.8 °C, the simulator's fan.ts), so a healthy fan never trips it; with a
    // minute's grace so a compressed frost night (a few real minutes) shows a faulted fan's alarm.
    // And its fuel low, with the first fan's battery and overspeed: the §9 set points.
    const fans = sensorRows.filter((row) => row.areaId === frostArea.id && isFrostFan(row));
    for (const [index, fan] of fans.entries()) {
      const name = fan.label.replace(/ engine$/, '');
      alarm(frostArea, ALARM_TEMPLATES.fanShouldRun, {
        target: fan.id,
        targetType: 'sensor',
        startTemperature: 0,
        minimumDuration: '00:01:00',
        name: `${name} should be running`,
      });
      const presets = FAN_SET_POINT_PRESETS.filter(
        (preset) =>
          !preset.canopy &&
          (preset.name === 'Fuel low' ||
            (index === 0 && ['Fan battery empty', 'Fan overspeed'].includes(preset.name))),
      );
      for (const preset of presets) {
        alarm(frostArea, ALARM_TEMPLATES.simpleSetPoint, {
          target: fan.id,
          targetType: 'sensor',
          path: preset.path,
          operator: preset.operator,
          threshold: preset.threshold,
          severity: preset.severity,
          name: `${name}: ${preset.name.replace(/^Fan /, '').toLowerCase()}`,
        });
      }
    }
  }
  if (waterArea) {
    const level = sensorRows.find((row) => row.type === 'level');
    if (level) {
      alarm(waterArea, ALARM_TEMPLATES.simpleSetPoint, {
        target: level.id,
        targetType: 'sensor',
        path: 'level',
        operator: 'lessThan',
        threshold: 25,
        name: `${level.label} low`,
      });
    }
  }
  if (spec.irrigation.length > 1) {
    alarm(firstIrrigation, ALARM_TEMPLATES.anyCoordinatorOverdue, {
      target: firstIrrigation.id,
      targetType: 'area',
    });
    alarm(
      firstIrrigation,
      ALARM_TEMPLATES.allUnitOverdue,
      { target: site.id, targetType: 'site' },
      false,
    );
  }
  if (spec.frost && spec.country === 'au') {
    alarm(firstIrrigation, ALARM_TEMPLATES.anyRepeaterOverdue, {
      target: firstIrrigation.id,
      targetType: 'area',
    });
  }
  const alarmRows = await tx.insert(t.alarms).values(alarmValues).returning({ id: t.alarms.id });
  await tx
    .update(t.alarms)
    .set({ rule: sql`jsonb_set(${t.alarms.rule}, '{id}', to_jsonb(${t.alarms.id}))` })
    .where(sql`${t.alarms.id} in ${alarmRows.map((row) => row.id)}`);

  // Alarms at work when the console first opens: the first irrigation area's radio alarm raised
  // twenty minutes ago and not yet answered, and its soil alarm raised this morning, acknowledged
  // with a comment and cleared since. Live readings carry them on from here.
  const alarmOf = (template: AlarmTemplate) =>
    alarmRows[
      alarmValues.findIndex(
        (value) => value.areaId === firstIrrigation.id && value.rule.template === template,
      )
    ]?.id;
  const radioAlarm = alarmOf(ALARM_TEMPLATES.anyRadioOverdue);
  const soilAlarm = alarmOf(ALARM_TEMPLATES.simpleSetPoint);
  const grower = spec.contacts.find((c) => c.account !== 'monitor')?.name ?? 'the grower';
  const alarmEvents: (typeof t.events.$inferInsert)[] = [];
  const sentLog: (typeof t.alarmNotifications.$inferInsert)[] = [];
  if (radioAlarm) {
    await tx.insert(t.alarmStates).values({
      alarmId: radioAlarm,
      status: 'raised',
      episode: 1,
      raisedAt: minutesAgo(now, 20),
      raisedValue: 1,
    });
    alarmEvents.push({
      areaId: firstIrrigation.id,
      type: 'warning',
      targetType: 'area',
      targetId: firstIrrigation.id,
      message: 'Alarm: Any radio overdue: a radio of the area stopped reporting',
      open: true,
      alarmId: radioAlarm,
      createdAt: minutesAgo(now, 20),
    });
  }
  if (soilAlarm) {
    const label = alarmValues.find(
      (v) => v.rule.template === ALARM_TEMPLATES.simpleSetPoint,
    )?.label;
    await tx.insert(t.alarmStates).values({
      alarmId: soilAlarm,
      status: 'normal',
      episode: 1,
      raisedAt: minutesAgo(now, 300),
      raisedValue: 16.8,
      acknowledgedAt: minutesAgo(now, 290),
      acknowledgedBy: grower,
      acknowledgedVia: 'link',
      comment: 'Irrigating the block now',
      clearedAt: minutesAgo(now, 180),
    });
    alarmEvents.push(
      {
        areaId: firstIrrigation.id,
        type: 'warning',
        message: `Alarm: ${label ?? 'Soil moisture low'}: soil.moisture 16.8 below the set point 18`,
        open: false,
        alarmId: soilAlarm,
        createdAt: minutesAgo(now, 300),
        acknowledgedAt: minutesAgo(now, 290),
        acknowledgedBy: grower,
      },
      {
        areaId: firstIrrigation.id,
        type: 'info',
        message: `Alarm acknowledged by ${grower} by link: ${label ?? 'Soil moisture low'} — Irrigating the block now`,
        open: false,
        alarmId: soilAlarm,
        createdAt: minutesAgo(now, 290),
      },
      {
        areaId: firstIrrigation.id,
        type: 'info',
        message: `Alarm cleared: ${label ?? 'Soil moisture low'}`,
        open: false,
        alarmId: soilAlarm,
        createdAt: minutesAgo(now, 180),
      },
    );
    const firstStep = rosterSteps[0];
    if (firstStep) {
      sentLog.push({
        siteId: site.id,
        areaId: firstIrrigation.id,
        alarmId: soilAlarm,
        episode: 1,
        contactId: firstStep.contact,
        method: 'sms',
        address: spec.contacts.find((c) => c.sms)?.sms ?? '+64215550100',
        kind: 'raised',
        severity: 'warning',
        status: 'delivered',
        attempts: 1,
        subject: `ALARM ${spec.label}: ${label ?? 'Soil moisture low'}`,
        text: `Paddock ${spec.label}\nALARM [warning] ${spec.irrigation[0]?.label ?? 'Irrigation'}: ${label ?? 'Soil moisture low'} (16.8)`,
        raisedValue: 16.8,
        providerId: `SM${'0'.repeat(30)}${String(site.id).padStart(2, '0')}`,
        dueAt: minutesAgo(now, 300),
        createdAt: minutesAgo(now, 300),
        sentAt: minutesAgo(now, 300),
      });
    }
  }
  if (alarmEvents.length > 0) await tx.insert(t.events).values(alarmEvents);
  if (sentLog.length > 0) await tx.insert(t.alarmNotifications).values(sentLog);

  // Events: what happened lately, the trouble still open, the rest acknowledged.
  const eventValues: (typeof t.events.$inferInsert)[] = [];
  const event = (
    area: { id: number },
    type: 'warning' | 'error' | 'info',
    targetType: MetaType | null,
    targetId: number | null,
    message: string,
    minutes: number,
    open: boolean,
  ) =>
    eventValues.push({
      areaId: area.id,
      type,
      targetType,
      targetId,
      message,
      open,
      createdAt: minutesAgo(now, minutes),
    });
  for (const [index, row] of leafRows.entries()) {
    const trouble = troubleAt.get(index);
    if (!trouble) continue;
    const area = { id: row.areaId };
    switch (trouble) {
      case 'lowBattery':
        event(
          area,
          'warning',
          'radio',
          row.id,
          `Radio ${row.serialno} battery low (${row.batteryValue} V)`,
          40,
          true,
        );
        break;
      case 'weakSignal':
        event(
          area,
          'warning',
          'radio',
          row.id,
          `Radio ${row.serialno} signal weak (${row.signalValue} dBm)`,
          75,
          true,
        );
        break;
      case 'misses':
        event(
          area,
          'warning',
          'radio',
          row.id,
          `Radio ${row.serialno} missed ${row.missesValue} reports`,
          130,
          true,
        );
        break;
      case 'overdue':
        event(
          area,
          'error',
          'radio',
          row.id,
          `Radio ${row.serialno} overdue: no report for 5 hours`,
          5 * 60,
          true,
        );
        break;
      case 'fault':
        event(area, 'error', 'radio', row.id, `Radio ${row.serialno} reported a fault`, 25, true);
        break;
    }
  }
  event(
    firstIrrigation,
    'info',
    'unit',
    baseUnit.id,
    `Unit ${baseUnit.serialno} restarted after a power cut`,
    60 * 26,
    false,
  );
  for (const [areaIndex, area] of irrigationAreas.entries()) {
    const areaSpec = spec.irrigation[areaIndex];
    if (!areaSpec) continue;
    const name = areaSpec.program.name;
    switch (areaSpec.program.scene) {
      case 'running':
        event(area, 'info', 'area', area.id, `${name} started`, 35, false);
        break;
      case 'irrigated':
        event(area, 'info', 'area', area.id, `${name} started`, 14 * 60, false);
        event(area, 'info', 'area', area.id, `${name} finished`, 6 * 60, false);
        break;
      case 'paused':
        event(area, 'info', 'area', area.id, `${name} started`, 3 * 60, false);
        event(area, 'warning', 'area', area.id, `${name} paused: low supply pressure`, 50, true);
        break;
      case 'idle':
        break;
    }
  }
  if (frostArea) {
    event(
      frostArea,
      'info',
      'area',
      frostArea.id,
      'Frost fans started at 0.5 °C',
      60 * 24 * 4 + 180,
      false,
    );
    event(
      frostArea,
      'info',
      'area',
      frostArea.id,
      'Frost fans stopped at 3.0 °C',
      60 * 24 * 4,
      false,
    );
  }
  await tx.insert(t.events).values(eventValues);

  // Area health by the rule the overdue sweep keeps it with, as the field link would set it.
  await refreshAreaHealth(
    tx,
    areaRows.map((area) => area.id),
  );
  return site.id;
}

/** Where a section's marker is: its stored location (every seeded section has one). */
function centroidOf(section: { location: string | null }): LatLng {
  const location = section.location ? parsePointText(section.location) : null;
  if (!location) throw new Error('seeded section without a location');
  return location;
}

type ProgramInput = {
  area: Area;
  spec: DemoIrrigationArea;
  zones: Section[];
  shapes: LatLng[][];
  shed: LatLng;
  radioFor: (key: string) => typeof t.radios.$inferSelect | null;
  now: Date;
};

/** The valves, pumps and add-ons of one irrigation area and its program (one per area, §3). */
async function seedProgram(tx: Transaction, input: ProgramInput) {
  const { area, spec, zones, now } = input;
  const program = spec.program;
  const at = (minutes: number) => minutesAgo(now, minutes).toISOString();
  const banned = new Set(program.banned ?? []);

  // Sequences: the zones in no banned list, a few per sequence, at most 4 sequences (§9).
  const sequenced = zones.filter((_, index) => !banned.has(index));
  const sequences: number[][] = [];
  for (let index = 0; index < sequenced.length; index += program.zonesPerSequence) {
    sequences.push(sequenced.slice(index, index + program.zonesPerSequence).map((zone) => zone.id));
  }
  if (sequences.length > 4) throw new Error(`${spec.label}: more than 4 sequences`);
  const leading = new Set(sequences.map((sequence) => sequence[0]));

  // What each zone is doing in this scene.
  const applicationOf = (zone: Section): ZoneApplication => {
    const base = programZoneRow(zone.id).application;
    const application: ZoneApplication = { ...base, irrigationType: spec.irrigationType };
    if (banned.has(zones.indexOf(zone))) return application;
    switch (program.scene) {
      case 'running':
        return leading.has(zone.id)
          ? {
              ...application,
              status: 'running',
              startTime: at(35),
              cycleCount: 0,
              lastCycle: program.cycles === 1,
            }
          : application;
      case 'paused':
        return leading.has(zone.id)
          ? {
              ...application,
              status: 'paused',
              startTime: at(180),
              stoppedTime: at(50),
              cycleCount: 1,
            }
          : application;
      case 'irrigated':
        return {
          ...application,
          startTime: at(14 * 60),
          endTime: at(6 * 60),
          cycleCount: program.cycles,
          irrigated: true,
        };
      case 'idle':
        return application;
    }
  };
  // Controls: valves per zone on the zone's valve controller, then pumps, pivot and add-on.
  const controlValues: (typeof t.controls.$inferInsert)[] = [];
  const perZone = spec.valvesPerZone ?? 1;
  let number = 1;
  // A pivot waters its sectors itself: they have no valves.
  const valvedZones = spec.layout.kind === 'pivot' ? [] : zones;
  for (const [zoneIndex, zone] of valvedZones.entries()) {
    const radio = input.radioFor(`zone:${zone.id}`);
    const application = applicationOf(zone);
    const corner = input.shapes[zoneIndex]?.[0] ?? input.shed;
    for (let valve = 0; valve < perZone; valve++) {
      const running = application.status === 'running';
      const hasFaults = radio?.fault === true;
      controlValues.push({
        areaId: area.id,
        number: number++,
        label:
          perZone > 1 ? `${zone.label} valve ${'AB'[valve] ?? valve + 1}` : `${zone.label} valve`,
        type: 'valve',
        radioId: radio?.id ?? null,
        unitId: radio?.unitId ?? null,
        sectionId: zone.id,
        location: point(offset(corner, -14, 14 + valve * 30)),
        application: {
          status: application.status,
          startTime: application.startTime ?? null,
          exclude: false,
          hasFaults,
        },
        topics: [
          { metric: 'fault', type: 'digital', lastValue: hasFaults ? 1 : 0, timestamp: at(3) },
          { metric: 'running', type: 'digital', lastValue: running ? 1 : 0, timestamp: at(3) },
        ],
        startRequested: running,
        isRunning: running,
        modifiedAt: minutesAgo(now, 60 * 24 * 2),
      });
    }
  }
  const pumpRadio = input.radioFor(`pump:${area.id}`);
  const pumping = program.scene === 'running';
  for (const [index, label] of spec.pumps.entries()) {
    controlValues.push({
      areaId: area.id,
      number: 100 + index + 1,
      label,
      type: 'pump',
      radioId: pumpRadio?.id ?? null,
      unitId: pumpRadio?.unitId ?? null,
      sectionId: null,
      location: point(offset(input.shed, 0, index * 6)),
      application: {
        status: pumping ? 'running' : 'stopped',
        startTime: pumping ? at(36) : null,
        exclude: false,
        hasFaults: false,
      },
      topics: [
        { metric: 'fault', type: 'digital', lastValue: 0, timestamp: at(2) },
        { metric: 'running', type: 'digital', lastValue: pumping ? 1 : 0, timestamp: at(2) },
      ],
      startRequested: pumping,
      isRunning: pumping,
      modifiedAt: minutesAgo(now, 60 * 24 * 2),
    });
  }
  if (spec.pivot && spec.layout.kind === 'pivot') {
    const radio = input.radioFor(`pivot:${area.id}`);
    controlValues.push({
      areaId: area.id,
      number: 201,
      label: spec.pivot,
      type: 'pivot',
      radioId: radio?.id ?? null,
      unitId: radio?.unitId ?? null,
      sectionId: null,
      location: point(spec.layout.centre),
      application: { status: 'stopped', startTime: null, exclude: false, hasFaults: false },
      topics: [
        { metric: 'fault', type: 'digital', lastValue: 0, timestamp: at(4) },
        { metric: 'pivot.angle', type: 'analog', lastValue: 137, timestamp: at(4) },
        { metric: 'pivot.speed', type: 'analog', lastValue: 0, timestamp: at(4) },
      ],
      startRequested: false,
      isRunning: false,
      modifiedAt: minutesAgo(now, 60 * 24 * 2),
    });
  }
  if (spec.valveAddon) {
    controlValues.push({
      areaId: area.id,
      number: 301,
      label: spec.valveAddon,
      type: 'valveAddon',
      radioId: pumpRadio?.id ?? null,
      unitId: pumpRadio?.unitId ?? null,
      sectionId: null,
      location: point(offset(input.shed, -6, 4)),
      application: null,
      topics: [{ metric: 'fault', type: 'digital', lastValue: 0, timestamp: at(5) }],
      // Only the request is reported by an add-on: §4 reads a lone field on its own.
      startRequested: false,
      modifiedAt: minutesAgo(now, 60 * 24 * 2),
    });
  }
  const controls = await tx.insert(t.controls).values(controlValues).returning();
  const valves = controls.filter((row) => row.type === 'valve');

  // A valve left out of runs (§4 control config: kept only when exclude or a variation).
  const excluded = (program.excludedValves ?? [])
    .map((index) => valves[index])
    .filter((row) => row !== undefined);
  for (const valve of excluded) {
    const application = valve.application
      ? { ...valve.application, exclude: true }
      : { status: 'stopped' as const, startTime: null, exclude: true, hasFaults: false };
    await tx.update(t.controls).set({ application }).where(eq(t.controls.id, valve.id));
    valve.application = application;
  }

  const zoneSettings: ProgramZone[] = zones.map((zone, index) => {
    const repeat = program.repeats?.includes(index) ?? false;
    const row = programZoneRow(zone.id, {
      depth: program.depth + (index % 3) * 2,
      variation: program.variations?.[index] ?? 0,
      cycles: program.cycles,
      repeat,
      repeatInterval: repeat ? 12 : 0,
      repeatCount: repeat ? 2 : 0,
      banned: banned.has(index),
    });
    return { ...row, application: applicationOf(zone) };
  });
  const schedule: ProgramSchedule = {
    manual: program.manual ?? false,
    attachments: controls.filter((row) => row.type === 'pump').map((row) => row.id),
    sequences,
    variations: Object.entries(program.variations ?? {}).flatMap(([index, variation]) => {
      const zone = zones[Number(index)];
      return zone ? [{ id: zone.id, variation, manual: false }] : [];
    }),
    controls: excluded.map((valve) => ({ id: valve.id, variation: 0, exclude: true })),
  };
  const status: ProgramStatus = neverRunProgramStatus();
  switch (program.scene) {
    case 'running':
      Object.assign(status, { activity: 'running', startTime: at(35), endTime: at(-145) });
      break;
    case 'paused':
      Object.assign(status, { activity: 'paused', startTime: at(180), stoppedTime: at(50) });
      break;
    case 'irrigated':
      Object.assign(status, { startTime: at(14 * 60), endTime: at(6 * 60) });
      break;
    case 'idle':
      break;
  }
  const [row] = await tx
    .insert(t.programs)
    .values({
      areaId: area.id,
      name: program.name,
      status,
      schedule,
      zones: zoneSettings,
      modifiedAt: minutesAgo(now, 60 * 24),
    })
    .returning({ id: t.programs.id });
  if (!row) throw new Error('program not inserted');
  return controls;
}
