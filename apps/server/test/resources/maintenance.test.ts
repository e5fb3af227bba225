/**
 * GET sites/{id}/maintenance (issue 12): the site's radios and units that need a visit, most
 * urgent first, grouped by area, each area's rows only for callers who may view that area.
 */
import { maintenanceWorklistSchema, type MaintenanceWorklist } from '@paddock/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '../../src/db/schema.ts';
import { meshRole } from '../../src/seed/rows.ts';
import { insertReadings } from '../../src/telemetry/reading.repository.ts';
import { addSeries, addSiteMember } from '../helpers/farm.ts';
import { itRefusesBadSites } from '../helpers/list-endpoint.ts';
import { only } from '../helpers/rows.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';

const DAY = 86_400_000;
let app: TestApp;
/** A member of site a with nothing at site level and view on the frost area only. */
let frostCrewId: number;
let weakId: number;
let drainingId: number;

function radio(areaId: number, serialno: string, health: Partial<typeof t.radios.$inferInsert>) {
  return {
    siteId: app.farm.sites.a.id,
    areaId,
    type: 'LoRa' as const,
    serialno,
    unitId: app.farm.units.a.id,
    sectionId: null,
    location: '[-39.642,176.843]',
    tags: {},
    config: meshRole({ repeater: false }),
    lastUpdate: new Date('2026-11-21T08:50:00.000Z'),
    batteryValue: 3.6,
    signalValue: -70,
    missesValue: 0,
    ...health,
  };
}

beforeAll(async () => {
  app = await buildTestApp();
  const { db, farm } = app;
  const { radio1, radio2 } = farm.radios;
  // Block A: R-1001 silent (overdue), R-1002 on a low battery, R-1005 draining, R-1006 healthy.
  await db.update(t.radios).set({ overdue: true }).where(eq(t.radios.id, radio1.id));
  await db.update(t.radios).set({ batteryValue: 3.21 }).where(eq(t.radios.id, radio2.id));
  weakId = only(
    await db
      .insert(t.radios)
      .values(radio(farm.areas.frost.id, 'R-1003', { signalValue: -104, missesValue: 12 }))
      .returning(),
  ).id;
  drainingId = only(
    await db
      .insert(t.radios)
      .values(radio(farm.areas.irrigation.id, 'R-1005', { batteryValue: 3.44 }))
      .returning(),
  ).id;
  await db.insert(t.radios).values(radio(farm.areas.irrigation.id, 'R-1006', {}));
  // The unit of Block A and the frost fans has gone quiet too.
  await db.update(t.units).set({ overdue: true }).where(eq(t.units.id, farm.units.a.id));

  // R-1005: two weeks of status reports every hour, 20 mV a day down to 3.44 V now: 3.3 V in
  // 7 days.
  const battery = await addSeries(db, farm.sites.a.id, {
    type: 'radio',
    id: drainingId,
    metric: 'battery',
  });
  const now = app.clock.now().getTime();
  await insertReadings(
    db,
    Array.from({ length: 14 * 24 }, (_, hour) => ({
      seriesId: battery,
      time: now - hour * 3_600_000,
      value: Math.round((3.44 + (0.02 * hour) / 24) * 1000) / 1000,
    })),
  );

  frostCrewId = (await addSiteMember(db, farm.sites.a.id, 'frost-crew@farm.test', [])).id;
  await db
    .insert(t.areaMembers)
    .values({ userId: frostCrewId, areaId: farm.areas.frost.id, privileges: ['view'] });
});
afterAll(() => app.close());

async function worklist(userId: number, query = ''): Promise<MaintenanceWorklist> {
  const response = await app.as(userId, {
    method: 'GET',
    url: `/api/sites/${app.farm.sites.a.id}/maintenance${query}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return maintenanceWorklistSchema.parse(response.json());
}

/** Each group as [area label, [serial number, reasons]]. */
function rows(list: MaintenanceWorklist) {
  return list.areas.map((group) => [
    group.area?.label ?? null,
    group.items.map((item) => [item.serialno, item.reasons.join(' ')]),
  ]);
}

describe('GET /api/sites/{id}/maintenance', () => {
  it('lists what needs a visit, most urgent first, by area; healthy devices not at all', async () => {
    const list = await worklist(app.farm.users.monitor.id);
    expect(list).toMatchObject({ siteId: app.farm.sites.a.id, withinDays: 30 });
    expect(rows(list)).toEqual([
      [
        'Block A',
        [
          ['R-1001', 'overdue'],
          ['U-1001', 'overdue'],
          ['R-1002', 'lowBattery'],
          ['R-1005', 'batterySoon'],
        ],
      ],
      ['Frost fans', [['R-1003', 'manyMisses weakSignal']]],
    ]);
  });

  it("gives a draining radio's battery trend and predicted dates", async () => {
    const list = await worklist(app.farm.users.monitor.id);
    const draining = list.areas
      .flatMap((group) => group.items)
      .find((item) => item.id === drainingId);
    expect(draining).toMatchObject({
      kind: 'radio',
      urgency: 38,
      batteryValue: 3.44,
      battery: { state: 'falling', confidence: 'high' },
    });
    expect(draining?.battery?.slopePerDay).toBeCloseTo(-0.02, 3);
    const warningAt = Date.parse(draining?.battery?.crossings[0]?.at ?? '');
    expect(Math.abs(warningAt - (app.clock.now().getTime() + 7 * DAY))).toBeLessThan(DAY / 2);
    expect(draining?.battery?.crossings[1]?.level).toBe(3);
  });

  it('leaves out predictions beyond withinDays', async () => {
    const list = await worklist(app.farm.users.monitor.id, '?withinDays=5');
    expect(list.withinDays).toBe(5);
    const serials = list.areas.flatMap((group) => group.items.map((item) => item.serialno));
    expect(serials).not.toContain('R-1005');
    expect(serials).toContain('R-1002');
  });

  it('shows a crew member with view on one area only that area, the shared unit under it', async () => {
    const list = await worklist(frostCrewId);
    expect(rows(list)).toEqual([
      [
        'Frost fans',
        [
          ['U-1001', 'overdue'],
          ['R-1003', 'manyMisses weakSignal'],
        ],
      ],
    ]);
    expect(list.areas[0]?.items[1]?.id).toBe(weakId);
  });

  it('400 naming withinDays when it is out of range', async () => {
    const response = await app.as(app.farm.users.monitor.id, {
      method: 'GET',
      url: `/api/sites/${app.farm.sites.a.id}/maintenance?withinDays=0`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'withinDays', location: 'querystring' });
  });

  itRefusesBadSites(() => app, { url: (id) => `/api/sites/${id}/maintenance`, idIn: 'params' });
});
