/**
 * GET fleet (issue 33 item 4): what needs a person now across the caller's sites, most severe
 * and oldest first: raised alarms, overdue, faulted and low-battery radios, failed programs and
 * frost fans in fault, each only to members who may view its area.
 */
import { fleetSchema, type Fleet, type FleetItem } from '@paddock/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '../../src/db/schema.ts';
import { memberRow, meshRole } from '../../src/seed/rows.ts';
import { addAlarm, soilDryRule } from '../helpers/alarms.ts';
import { only } from '../helpers/rows.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';

let app: TestApp;
let siteC: typeof t.sites.$inferSelect;
let faultedId: number;
let fanId: number;
const ids: Record<'dry' | 'acknowledged' | 'off' | 'far', number> = {
  dry: 0,
  acknowledged: 0,
  off: 0,
  far: 0,
};

const hoursAgo = (hours: number) => new Date(app.clock.now().getTime() - hours * 3_600_000);

async function raise(alarmId: number, hours: number, status: 'raised' | 'acknowledged' = 'raised') {
  await app.db.insert(t.alarmStates).values({
    alarmId,
    status,
    episode: 1,
    raisedAt: hoursAgo(hours),
    raisedValue: 12.5,
  });
}

beforeAll(async () => {
  app = await buildTestApp();
  const { db, farm } = app;

  // Site a: a critical alarm raised 2 h ago, an acknowledged one (someone has it) and one switched off, R-1001
  // silent since 5 h ago, R-1002 on a low battery, a fan out of fuel, a program whose start failed.
  ids.dry = (
    await addAlarm(db, farm, { rule: { ...soilDryRule(farm), id: 1, severity: 'critical' } })
  ).id;
  await raise(ids.dry, 2);
  ids.acknowledged = (
    await addAlarm(db, farm, { rule: { ...soilDryRule(farm, { name: 'Seen to' }), id: 2 } })
  ).id;
  await raise(ids.acknowledged, 30, 'acknowledged');
  // Raised, then switched off: the team chose not to hear from it.
  ids.off = (
    await addAlarm(db, farm, {
      active: false,
      rule: { ...soilDryRule(farm, { name: 'Switched off' }), id: 4 },
    })
  ).id;
  await raise(ids.off, 40);
  await db
    .update(t.radios)
    .set({ overdue: true, lastUpdate: hoursAgo(5) })
    .where(eq(t.radios.id, farm.radios.radio1.id));
  await db
    .update(t.radios)
    .set({ batteryValue: 3.21, lastUpdate: hoursAgo(1) })
    .where(eq(t.radios.id, farm.radios.radio2.id));
  fanId = only(
    await db
      .insert(t.sensors)
      .values({
        siteId: farm.sites.a.id,
        areaId: farm.areas.frost.id,
        type: 'fan',
        tags: { identifier: 'frostFan' },
        topics: [
          { metric: 'fan.rpm', type: 'analog', lastValue: 0, timestamp: hoursAgo(1).toISOString() },
          {
            metric: 'fan.fuelLevel',
            type: 'analog',
            lastValue: 8,
            timestamp: hoursAgo(3).toISOString(),
          },
        ],
        label: 'Fan 1',
        serialno: 'F-1',
      })
      .returning(),
  ).id;
  const failed = only(
    await db
      .insert(t.requests)
      .values({
        action: 'start',
        type: 'program',
        targetId: farm.programs.a.id,
        siteId: farm.sites.a.id,
        status: 'failed',
        updatedAt: hoursAgo(4),
      })
      .returning(),
  );
  await db
    .update(t.programs)
    .set({ status: { ...farm.programs.a.status, requestId: failed.id } })
    .where(eq(t.programs.id, farm.programs.a.id));

  // Site b: a faulted radio.
  faultedId = farm.radios.radioB.id;
  await db
    .update(t.radios)
    .set({ fault: true, lastUpdate: hoursAgo(6) })
    .where(eq(t.radios.id, faultedId));

  // Site c, of staff alone: a warning alarm raised a day ago.
  siteC = only(
    await db
      .insert(t.sites)
      .values({
        label: 'Awatere Downs',
        location: '[-41.6,174.1]',
        tags: { country: 'nz', region: 'Marlborough' },
        settings: {},
        config: {},
      })
      .returning(),
  );
  const areaC = only(
    await db
      .insert(t.areas)
      .values({
        siteId: siteC.id,
        label: 'Terrace',
        type: 'irrigation',
        capabilities: [],
        settings: {},
      })
      .returning(),
  );
  await db
    .insert(t.siteMembers)
    .values(memberRow(farm.users.staff.id, siteC.id, ['view', 'loginAs', 'internal']));
  ids.far = (
    await addAlarm(db, farm, {
      siteId: siteC.id,
      areaId: areaC.id,
      rule: { ...soilDryRule(farm, { name: 'Terrace dry' }), id: 3, severity: 'warning' },
    })
  ).id;
  await raise(ids.far, 24);
  // A healthy radio of site c is not listed.
  await db.insert(t.radios).values({
    siteId: siteC.id,
    areaId: areaC.id,
    type: 'LoRa',
    serialno: 'R-9001',
    tags: {},
    config: meshRole({ repeater: false }),
    batteryValue: 3.6,
    lastUpdate: hoursAgo(0.1),
  });
});
afterAll(() => app.close());

async function fleetOf(userId: number, query = ''): Promise<Fleet> {
  const response = await app.as(userId, { method: 'GET', url: `/api/fleet${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return fleetSchema.parse(response.json());
}

const row = (item: FleetItem) =>
  `${item.severity} ${item.kind} ${item.site.label} ${item.target.label}`;

describe('GET fleet', () => {
  it('shows support staff every site, most severe first, raised alarms first, then oldest', async () => {
    const fleet = await fleetOf(app.farm.users.staff.id);
    expect(fleet.items.map(row)).toEqual([
      'critical alarm Bridge Pa Vineyard Zone 1 too dry',
      'warning alarm Awatere Downs Terrace dry',
      'warning faultedRadio Mildura Orchard R-2001',
      'warning overdueRadio Bridge Pa Vineyard R-1001',
      'warning failedProgram Bridge Pa Vineyard Block A program',
      'warning fanFault Bridge Pa Vineyard Fan 1',
      'info lowBattery Bridge Pa Vineyard R-1002',
    ]);
    expect(fleet.total).toBe(7);
    expect(fleet.sites).toEqual([
      { site: { id: siteC.id, label: 'Awatere Downs' }, count: 1, severity: 'warning' },
      {
        site: { id: app.farm.sites.a.id, label: 'Bridge Pa Vineyard' },
        count: 5,
        severity: 'critical',
      },
      {
        site: { id: app.farm.sites.b.id, label: 'Mildura Orchard' },
        count: 1,
        severity: 'warning',
      },
    ]);
  });

  it('gives each row its time, area, words and page', async () => {
    const { items } = await fleetOf(app.farm.users.staff.id);
    const { sites, areas, programs } = app.farm;
    const byTarget = new Map(items.map((item) => [`${item.target.kind}:${item.target.id}`, item]));
    expect(byTarget.get(`alarm:${ids.dry}`)).toMatchObject({
      since: hoursAgo(2).toISOString(),
      area: { id: areas.irrigation.id, label: 'Block A' },
      text: '12.5',
      route: `/${sites.a.id}/${areas.irrigation.id}/alarms/${ids.dry}`,
    });
    expect(byTarget.get(`sensor:${fanId}`)).toMatchObject({
      since: hoursAgo(3).toISOString(),
      text: 'fuel',
      route: `/${sites.a.id}/frost/${areas.frost.id}/fan/${fanId}`,
    });
    expect(byTarget.get(`program:${programs.a.id}`)).toMatchObject({
      since: hoursAgo(4).toISOString(),
      route: `/${sites.a.id}/irrigation/${areas.irrigation.id}`,
    });
    expect(byTarget.get(`radio:${faultedId}`)?.route).toBe(
      `/${sites.b.id}/telemetry/${areas.irrigationB.id}?radio=${faultedId}`,
    );
    expect(byTarget.get(`radio:${app.farm.radios.radio2.id}`)?.text).toBe('3.21 V');
    expect(byTarget.has(`alarm:${ids.acknowledged}`)).toBe(false);
    expect(byTarget.has(`alarm:${ids.off}`)).toBe(false);
  });

  it("shows a user of two sites both sites' items and not a third site's", async () => {
    const fleet = await fleetOf(app.farm.users.admin.id);
    expect(new Set(fleet.items.map((item) => item.site.id))).toEqual(
      new Set([app.farm.sites.a.id, app.farm.sites.b.id]),
    );
    expect(fleet.items.some((item) => item.site.id === siteC.id)).toBe(false);
    expect(fleet.total).toBe(6);
  });

  it('shows a member of one site only that site, and a member without view nothing', async () => {
    const outsider = await fleetOf(app.farm.users.outsider.id);
    expect(outsider.items.map(row)).toEqual(['warning faultedRadio Mildura Orchard R-2001']);
    const nobody = await fleetOf(app.farm.users.nobody.id);
    expect(nobody).toMatchObject({ items: [], total: 0, sites: [] });
  });

  it('follows a membership the moment it changes (the lists are kept between calls)', async () => {
    const staff = app.farm.users.staff.id;
    const bySite = async () => new Set((await fleetOf(staff)).items.map((item) => item.site.id));
    expect(await bySite()).toContain(siteC.id);
    const member = and(eq(t.siteMembers.userId, staff), eq(t.siteMembers.siteId, siteC.id));
    const [kept] = await app.db.delete(t.siteMembers).where(member).returning();
    try {
      expect(await bySite()).not.toContain(siteC.id);
    } finally {
      if (kept) await app.db.insert(t.siteMembers).values(kept);
    }
    expect(await bySite()).toContain(siteC.id);
  });

  it('filters by site and kind, and limits the rows but not the counts', async () => {
    const staff = app.farm.users.staff.id;
    const ofSiteA = await fleetOf(staff, `?site=${app.farm.sites.a.id}&kind=alarm`);
    expect(ofSiteA.items.map(row)).toEqual(['critical alarm Bridge Pa Vineyard Zone 1 too dry']);
    const notMine = await fleetOf(app.farm.users.admin.id, `?site=${siteC.id}`);
    expect(notMine.total).toBe(0);
    const counted = await fleetOf(staff, '?limit=0');
    expect(counted.items).toEqual([]);
    expect(counted.total).toBe(7);
    expect(counted.sites).toHaveLength(3);
  });

  it('refuses an unknown kind and a limit out of range', async () => {
    for (const query of ['?kind=teapot', '?limit=5000', '?site=0']) {
      const response = await app.as(app.farm.users.staff.id, {
        method: 'GET',
        url: `/api/fleet${query}`,
      });
      expect(response.statusCode, query).toBe(400);
    }
  });
});
