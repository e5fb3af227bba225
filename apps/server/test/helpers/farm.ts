/**
 * A small farm every API test starts from: two sites with one member of each role, a staff
 * member, a member of the first site whose privilege list is empty (not even view), an
 * outsider who belongs only to the other site, and one area of each type with its
 * sections, radios, unit, sensors, controls and program. Ids are returned, never assumed. Rows
 * come from the seeds' factories (src/seed/rows.ts), so the tests' farm is shaped as the demo's.
 */
import type { Privilege } from '@paddock/domain';
import { ROLES } from '@paddock/domain';
import { DEMO_PASSWORD } from '@paddock/domain/demo';
import { hashPassword } from '../../src/auth/passwords.ts';
import type { Database } from '../../src/db/client.ts';
import * as t from '../../src/db/schema.ts';
import { memberRow, meshRole, programRow, programZoneRow } from '../../src/seed/rows.ts';

/** The test farm's users sign in with the demo farm's password. */
export const TEST_PASSWORD = DEMO_PASSWORD;

let passwordHash: Promise<string> | undefined;

const admin = [...ROLES.admin.actions] as Privilege[];
const manage = [...ROLES.manage.actions] as Privilege[];
const monitor = [...ROLES.monitor.actions] as Privilege[];

export type TestFarm = Awaited<ReturnType<typeof seedTestFarm>>;

/**
 * One more member of the site with the given privilege list, for cases the farm's members do
 * not cover.
 */
export async function addSiteMember(
  db: Database,
  siteId: number,
  login: string,
  privileges: Privilege[],
) {
  const [user] = await db
    .insert(t.users)
    .values({ login, firstName: 'Extra', lastName: 'Member', passwordHash: 'x' })
    .returning();
  if (!user) throw new Error('user not inserted');
  await db.insert(t.siteMembers).values(memberRow(user.id, siteId, privileges));
  return user;
}

/** A series of one of a site's things, for tests that store its readings themselves; its id. */
export async function addSeries(
  db: Database,
  siteId: number,
  thing: { type: 'sensor' | 'control' | 'radio' | 'unit'; id: number; metric: string },
): Promise<number> {
  const [row] = await db
    .insert(t.series)
    .values({ siteId, thingType: thing.type, thingId: thing.id, metric: thing.metric })
    .returning();
  if (!row) throw new Error('series not inserted');
  return row.id;
}

/** One more water meter, on site a's unit in its irrigation area; its id. */
export async function addWaterMeter(
  db: Database,
  farm: TestFarm,
  names: { label: string; serialno: string },
): Promise<number> {
  const [meter] = await db
    .insert(t.sensors)
    .values({
      siteId: farm.sites.a.id,
      areaId: farm.areas.irrigation.id,
      type: 'watermeter',
      unitId: farm.units.a.id,
      tags: {},
      topics: [],
      ...names,
    })
    .returning();
  if (!meter) throw new Error('meter not inserted');
  return meter.id;
}

/** The two sites and the first site's irrigation, water and frost areas, the other's one. */
async function seedSitesAndAreas(db: Database) {
  const siteValues = (label: string, country: 'nz' | 'au', region: string) => ({
    label,
    location: country === 'nz' ? '[-39.64,176.84]' : '[-34.29,142.18]',
    tags: { country, region, cropType: 'grapes' },
    applications: ['irrigation', 'frost'],
    settings: {},
    config: {
      timezone: country === 'nz' ? 'Pacific/Auckland' : 'Australia/Melbourne',
      season: { start: '0109', end: '3105' },
    },
    operator: 'Paddock Demo',
    client: label,
  });
  const [siteA, siteB] = await db
    .insert(t.sites)
    .values([
      siteValues('Bridge Pa Vineyard', 'nz', "Hawke's Bay"),
      siteValues('Mildura Orchard', 'au', 'Victoria'),
    ])
    .returning();
  if (!siteA || !siteB) throw new Error('sites not inserted');

  const [irrigation, water, frost, irrigationB] = await db
    .insert(t.areas)
    .values([
      {
        siteId: siteA.id,
        label: 'Block A',
        type: 'irrigation',
        capabilities: ['soilMoisture', 'batterySignal', 'weather'],
        settings: {},
      },
      { siteId: siteA.id, label: 'Tanks', type: 'water', capabilities: ['water'], settings: {} },
      {
        siteId: siteA.id,
        label: 'Frost fans',
        type: 'frost',
        capabilities: ['temperature', 'weather'],
        settings: {},
      },
      {
        siteId: siteB.id,
        label: 'North block',
        type: 'irrigation',
        capabilities: ['soilMoisture'],
        settings: {},
      },
    ])
    .returning();
  if (!irrigation || !water || !frost || !irrigationB) throw new Error('areas not inserted');
  return { siteA, siteB, irrigation, water, frost, irrigationB };
}

type FarmGround = Awaited<ReturnType<typeof seedSitesAndAreas>>;

/** Three zones of the first irrigation area, one of the other site's. */
async function seedSections(db: Database, { irrigation, irrigationB }: FarmGround) {
  /** An irrigation zone whose outline is a strip 0.005° tall from latitude `lat` south. */
  const zone = (areaId: number, number: number, label: string, lat: number) => ({
    areaId,
    number,
    label,
    type: 'irrigationZone' as const,
    outline: `[[${lat},176.84],[${lat},176.85],[${lat - 0.005},176.85],[${lat - 0.005},176.84]]`,
  });
  const sectionRows = await db
    .insert(t.sections)
    .values([
      zone(irrigation.id, 1, 'Zone 1', -39.64),
      zone(irrigation.id, 2, 'Zone 2', -39.645),
      zone(irrigation.id, 3, 'Zone 3', -39.65),
      zone(irrigationB.id, 1, 'Zone B1', -34.29),
    ])
    .returning();
  const [zone1, zone2, zone3, zoneB1] = sectionRows;
  if (!zone1 || !zone2 || !zone3 || !zoneB1) throw new Error('sections not inserted');
  return { zone1, zone2, zone3, zoneB1 };
}

type FarmZones = Awaited<ReturnType<typeof seedSections>>;

/** A unit per site, a valve controller and a repeater on site a, a radio on site b. */
async function seedUnitsAndRadios(db: Database, ground: FarmGround, zones: FarmZones) {
  const { siteA, siteB, irrigation, frost, irrigationB } = ground;
  const { zone1, zoneB1 } = zones;
  const [unitA, unitB] = await db
    .insert(t.units)
    .values([
      {
        siteId: siteA.id,
        serialno: 'U-1001',
        areaIds: [irrigation.id, frost.id],
        location: '[-39.641,176.842]',
      },
      {
        siteId: siteB.id,
        serialno: 'U-2001',
        areaIds: [irrigationB.id],
        location: '[-34.29,142.18]',
      },
    ])
    .returning();
  if (!unitA || !unitB) throw new Error('units not inserted');

  const radioValues = (
    siteId: number,
    areaId: number,
    serialno: string,
    type: 'WVC' | 'WMR' | 'LoRa',
    unitId: number,
    sectionId: number | null,
    repeater = false,
  ) => ({
    siteId,
    areaId,
    type,
    serialno,
    unitId,
    sectionId,
    location: '[-39.642,176.843]',
    tags: {},
    config: meshRole({ repeater }),
    lastUpdate: new Date('2026-11-21T08:50:00.000Z'),
    batteryValue: 3.6,
    signalValue: -70,
    missesValue: 0,
  });
  const [radio1, radio2, radioB] = await db
    .insert(t.radios)
    .values([
      radioValues(siteA.id, irrigation.id, 'R-1001', 'WVC', unitA.id, zone1.id),
      radioValues(siteA.id, irrigation.id, 'R-1002', 'LoRa', unitA.id, null, true),
      radioValues(siteB.id, irrigationB.id, 'R-2001', 'WMR', unitB.id, zoneB1.id),
    ])
    .returning();
  if (!radio1 || !radio2 || !radioB) throw new Error('radios not inserted');
  return { unitA, unitB, radio1, radio2, radioB };
}

type FarmHardware = Awaited<ReturnType<typeof seedUnitsAndRadios>>;

async function seedSensors(db: Database, ground: FarmGround, hardware: FarmHardware) {
  const { siteA, siteB, irrigation, irrigationB } = ground;
  const { unitA, unitB, radio1, radioB } = hardware;
  const [soilSensor, sensorB] = await db
    .insert(t.sensors)
    .values([
      {
        siteId: siteA.id,
        areaId: irrigation.id,
        type: 'soilMoisture',
        radioId: radio1.id,
        unitId: unitA.id,
        location: '[-39.642,176.843]',
        tags: {},
        topics: [
          {
            metric: 'soil.moisture',
            type: 'analog',
            lastValue: 31.5,
            timestamp: '2026-11-21T08:50:00.000Z',
          },
        ],
        label: 'Soil moisture zone 1',
        serialno: 'S-1001',
      },
      {
        siteId: siteB.id,
        areaId: irrigationB.id,
        type: 'soilMoisture',
        radioId: radioB.id,
        unitId: unitB.id,
        tags: {},
        topics: [],
        label: 'Soil moisture B1',
        serialno: 'S-2001',
      },
    ])
    .returning();
  if (!soilSensor || !sensorB) throw new Error('sensors not inserted');
  return { soilSensor, sensorB };
}

/** The valves of each zone and site a's pump, and each irrigation area's program. */
async function seedControlsAndPrograms(
  db: Database,
  ground: FarmGround,
  zones: FarmZones,
  hardware: FarmHardware,
) {
  const { irrigation, irrigationB } = ground;
  const { zone1, zone2, zone3, zoneB1 } = zones;
  const { radio1, radioB } = hardware;
  const valve = (areaId: number, sectionId: number, number: number, radioId: number) => ({
    areaId,
    sectionId,
    number,
    label: `Valve ${number}`,
    type: 'valve' as const,
    radioId,
    topics: [],
  });
  const [valve1, valve2, valve3, pump, valveB] = await db
    .insert(t.controls)
    .values([
      valve(irrigation.id, zone1.id, 1, radio1.id),
      valve(irrigation.id, zone2.id, 2, radio1.id),
      valve(irrigation.id, zone3.id, 3, radio1.id),
      {
        areaId: irrigation.id,
        number: 10,
        label: 'Main pump',
        type: 'pump' as const,
        radioId: radio1.id,
        topics: [],
      },
      valve(irrigationB.id, zoneB1.id, 1, radioB.id),
    ])
    .returning();
  if (!valve1 || !valve2 || !valve3 || !pump || !valveB) throw new Error('controls not inserted');

  const zoneOf = (sectionId: number) => programZoneRow(sectionId, { depth: 10 });
  const [program, programB] = await db
    .insert(t.programs)
    .values([
      programRow({
        areaId: irrigation.id,
        name: 'Block A program',
        attachments: [pump.id],
        sequences: [[zone1.id, zone2.id], [zone3.id]],
        zones: [zoneOf(zone1.id), zoneOf(zone2.id), zoneOf(zone3.id)],
      }),
      programRow({
        areaId: irrigationB.id,
        name: 'North block program',
        sequences: [[zoneB1.id]],
        zones: [zoneOf(zoneB1.id)],
      }),
    ])
    .returning();
  if (!program || !programB) throw new Error('programs not inserted');
  return { valve1, valve2, valve3, pump, valveB, program, programB };
}

/** One member of each role, staff, an outsider of site a, and a member with no privileges. */
async function seedPeople(db: Database, { siteA, siteB }: FarmGround, hash: string) {
  const person = (login: string, firstName: string, privileges: Privilege[] = []) => ({
    login,
    firstName,
    lastName: 'Tester',
    passwordHash: hash,
    privileges,
  });
  const [adminUser, managerUser, monitorUser, staffUser, outsiderUser, nobodyUser] = await db
    .insert(t.users)
    .values([
      person('admin@farm.test', 'Ada'),
      person('manager@farm.test', 'Max'),
      person('monitor@farm.test', 'Mo'),
      person('staff@farm.test', 'Sam', ['loginAs', 'internal']),
      person('outsider@farm.test', 'Otto'),
      person('nobody@farm.test', 'Nobody'),
    ])
    .returning();
  if (!adminUser || !managerUser || !monitorUser || !staffUser || !outsiderUser || !nobodyUser)
    throw new Error('users not inserted');

  await db
    .insert(t.siteMembers)
    .values([
      memberRow(adminUser.id, siteA.id, admin),
      memberRow(adminUser.id, siteB.id, admin),
      memberRow(managerUser.id, siteA.id, manage),
      memberRow(monitorUser.id, siteA.id, monitor),
      memberRow(staffUser.id, siteA.id, [...admin, 'loginAs', 'internal']),
      memberRow(staffUser.id, siteB.id, [...admin, 'loginAs', 'internal']),
      memberRow(outsiderUser.id, siteB.id, manage),
      memberRow(nobodyUser.id, siteA.id, []),
    ]);
  return { adminUser, managerUser, monitorUser, staffUser, outsiderUser, nobodyUser };
}

/** A contact per site; site a's is told by email and sms, site b's by email. */
async function seedContacts(
  db: Database,
  { siteA, siteB }: FarmGround,
  { managerUser, outsiderUser }: Awaited<ReturnType<typeof seedPeople>>,
) {
  const [contactA, contactB] = await db
    .insert(t.contacts)
    .values([
      {
        siteId: siteA.id,
        userId: managerUser.id,
        name: 'Max Tester',
        company: 'Bridge Pa Vineyard',
        locale: 'en-NZ',
      },
      {
        siteId: siteB.id,
        userId: outsiderUser.id,
        name: 'Otto Tester',
        company: null,
        locale: 'en-AU',
      },
    ])
    .returning();
  if (!contactA || !contactB) throw new Error('contacts not inserted');
  const [emailA, smsA, emailB] = await db
    .insert(t.contactNotifications)
    .values([
      {
        contactId: contactA.id,
        method: 'email',
        address: 'manager@farm.test',
        afterhours: false,
        active: true,
      },
      {
        contactId: contactA.id,
        method: 'sms',
        address: '+64211234567',
        afterhours: true,
        active: true,
      },
      {
        contactId: contactB.id,
        method: 'email',
        address: 'outsider@farm.test',
        afterhours: false,
        active: true,
      },
    ])
    .returning();
  if (!emailA || !smsA || !emailB) throw new Error('notifications not inserted');
  return { contactA, contactB, emailA, smsA, emailB };
}

export async function seedTestFarm(db: Database) {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const hash = await passwordHash;

  const ground = await seedSitesAndAreas(db);
  const { siteA, siteB, irrigation, water, frost, irrigationB } = ground;
  const zones = await seedSections(db, ground);
  const { zone1, zone2, zone3, zoneB1 } = zones;
  const hardware = await seedUnitsAndRadios(db, ground, zones);
  const { unitA, unitB, radio1, radio2, radioB } = hardware;
  const { soilSensor, sensorB } = await seedSensors(db, ground, hardware);
  const { valve1, valve2, valve3, pump, valveB, program, programB } = await seedControlsAndPrograms(
    db,
    ground,
    zones,
    hardware,
  );
  const people = await seedPeople(db, ground, hash);
  const { adminUser, managerUser, monitorUser, staffUser, outsiderUser, nobodyUser } = people;
  const { contactA, contactB, emailA, smsA, emailB } = await seedContacts(db, ground, people);

  return {
    sites: { a: siteA, b: siteB },
    areas: { irrigation, water, frost, irrigationB },
    sections: { zone1, zone2, zone3, zoneB1 },
    units: { a: unitA, b: unitB },
    radios: { radio1, radio2, radioB },
    sensors: { soil: soilSensor, b: sensorB },
    controls: { valve1, valve2, valve3, pump, valveB },
    programs: { a: program, b: programB },
    users: {
      admin: adminUser,
      manager: managerUser,
      monitor: monitorUser,
      staff: staffUser,
      outsider: outsiderUser,
      /** A member of site a whose privilege list is empty: not even view. */
      nobody: nobodyUser,
    },
    contacts: { a: contactA, b: contactB },
    /** emailB: the site b contact's one notification. */
    notifications: { emailA, smsA, emailB },
  };
}
