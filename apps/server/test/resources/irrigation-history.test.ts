/**
 * GET areas/{id}/irrigation-history: per zone and per site-local month or day, the depth its
 * valves' runs applied against the program's target (depth 10 mm, no variation, the default
 * 5 mm/h in the test farm), and the water the area's meter measured while they ran. On PGlite, or
 * PostgreSQL with DATABASE_URL.
 */
import { irrigationHistorySchema } from '@paddock/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../src/db/schema.ts';
import { addWaterMeter } from '../helpers/farm.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
/** The test clock's now is 2026-11-21T09:00Z (22:00 in Auckland, NZDT +13). */
let now: number;

async function seriesOf(thingType: 'sensor' | 'control', thingId: number, metric: string) {
  const [row] = await t.db
    .insert(s.series)
    .values({ siteId: t.farm.sites.a.id, thingType, thingId, metric })
    .returning();
  if (!row) throw new Error('series not inserted');
  return row.id;
}

async function readings(seriesId: number, points: [time: number, value: number][]) {
  await t.db
    .insert(s.readings)
    .values(points.map(([time, value]) => ({ seriesId, time: new Date(time), value })));
}

beforeAll(async () => {
  t = await buildTestApp();
  now = t.clock.now().getTime();
  const farm = t.farm;
  // Zone 1: 2 h on 5 September (local 03:00–05:00, NZST +12) and 1 h on 3 October; zone 2:
  // 30 min on 3 October, and 1 h in August, before the three months asked by default.
  await readings(await seriesOf('control', farm.controls.valve1.id, 'running'), [
    [Date.UTC(2026, 8, 4, 15), 1],
    [Date.UTC(2026, 8, 4, 17), 0],
    [Date.UTC(2026, 9, 2, 14), 1],
    [Date.UTC(2026, 9, 2, 15), 0],
  ]);
  await readings(await seriesOf('control', farm.controls.valve2.id, 'running'), [
    [Date.UTC(2026, 7, 10, 15), 1],
    [Date.UTC(2026, 7, 10, 16), 0],
    [Date.UTC(2026, 9, 2, 15), 1],
    [Date.UTC(2026, 9, 2, 15, 30), 0],
  ]);
  // The meter counts 12 m³ over zone 1's hour on 3 October and 3 m³ over zone 2's half hour.
  const meterId = await addWaterMeter(t.db, farm, {
    label: 'Mainline flow meter',
    serialno: 'WM-1',
  });
  await readings(await seriesOf('sensor', meterId, 'water.total'), [
    [Date.UTC(2026, 9, 2, 14), 100],
    [Date.UTC(2026, 9, 2, 15), 112],
    [Date.UTC(2026, 9, 2, 15, 30), 115],
  ]);
});
afterAll(() => t.close());

const get = (area: number, query = '', user = t.farm.users.admin.id) =>
  t.as(user, { method: 'GET', url: `/api/areas/${area}/irrigation-history${query}` });

describe('GET /api/areas/{id}/irrigation-history', () => {
  it('answers the current month and the two before, per zone per month', async () => {
    const response = await get(t.farm.areas.irrigation.id);
    expect(response.statusCode).toBe(200);
    const body = irrigationHistorySchema.parse(response.json());
    const { zone1, zone2, zone3 } = t.farm.sections;
    expect(new Date(now).toISOString()).toBe('2026-11-21T09:00:00.000Z');
    expect([body.timezone, body.interval, body.from, body.to]).toEqual([
      'Pacific/Auckland',
      'month',
      '2026-09-01',
      '2026-12-01',
    ]);
    expect(body.periods).toEqual(['2026-09', '2026-10', '2026-11']);
    expect(body.zones.map((zone) => [zone.section, zone.metered])).toEqual([
      [zone1.id, true],
      [zone2.id, true],
      [zone3.id, false],
    ]);
    expect(body.rows).toEqual([
      {
        period: '2026-09',
        section: zone1.id,
        runs: 1,
        runtime: 120,
        applied: 10,
        target: 10,
        volume: null,
      },
      {
        period: '2026-10',
        section: zone1.id,
        runs: 1,
        runtime: 60,
        applied: 5,
        target: 10,
        volume: 12,
      },
      {
        period: '2026-10',
        section: zone2.id,
        runs: 1,
        runtime: 30,
        applied: 2.5,
        target: 10,
        volume: 3,
      },
    ]);
  });

  it('answers one zone per day when zoomed in', async () => {
    const zone1 = t.farm.sections.zone1.id;
    const response = await get(
      t.farm.areas.irrigation.id,
      `?from=2026-10-01&to=2026-10-08&interval=day&section=${zone1}`,
    );
    expect(response.statusCode).toBe(200);
    const body = irrigationHistorySchema.parse(response.json());
    expect(body.periods).toHaveLength(7);
    expect(body.zones.map((zone) => zone.section)).toEqual([zone1]);
    expect(body.rows).toEqual([
      {
        period: '2026-10-03',
        section: zone1,
        runs: 1,
        runtime: 60,
        applied: 5,
        target: 10,
        volume: 12,
      },
    ]);
  });

  it.each([
    ['?from=2026-10-01', 'to'],
    ['?from=2026-10-01&to=2026-09-01', 'to'],
    ['?from=2026-02-30&to=2026-03-02', 'from'],
    ['?from=2025-01-01&to=2026-06-01', 'to'],
    ['?interval=week', 'interval'],
    ['?section=x', 'section'],
  ])('refuses %s, naming %s', async (query, field) => {
    const response = await get(t.farm.areas.irrigation.id, query);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field });
  });

  it('refuses a zone of another area', async () => {
    const response = await get(t.farm.areas.irrigation.id, `?section=${t.farm.sections.zoneB1.id}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'section' });
  });

  it("is refused on another site's area and unknown areas", async () => {
    const outsider = t.farm.users.outsider.id;
    expect((await get(t.farm.areas.irrigation.id, '', outsider)).statusCode).toBe(403);
    expect((await get(999_999)).statusCode).toBe(404);
  });
});
