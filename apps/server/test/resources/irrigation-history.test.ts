/**
 * GET areas/{id}/irrigation-history: per zone and per site-local month or day, the depth its
 * valves' runs applied against the program's target (depth 10 mm, no variation, the default
 * 5 mm/h in the test farm), and the water the area's meter measured while they ran. On PGlite, or
 * PostgreSQL with DATABASE_URL.
 */
import { irrigationHistorySchema } from '@paddock/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../src/db/schema.ts';
import { addSeries, addWaterMeter } from '../helpers/farm.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
/** The test clock's now is 2026-11-21T09:00Z (22:00 in Auckland, NZDT +13). */
let now: number;

const seriesOf = (type: 'sensor' | 'control', id: number, metric: string) =>
  addSeries(t.db, t.farm.sites.a.id, { type, id, metric });

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
  // Zone 3: a run from 23:00 on 31 August to 01:00 on 1 September (NZST) counts in August, out
  // of range; one from 23:30 on 31 October to 00:30 on 1 November (NZDT) counts whole on 31 October.
  await readings(await seriesOf('control', farm.controls.valve3.id, 'running'), [
    [Date.UTC(2026, 7, 31, 11), 1],
    [Date.UTC(2026, 7, 31, 13), 0],
    [Date.UTC(2026, 9, 31, 10, 30), 1],
    [Date.UTC(2026, 9, 31, 11, 30), 0],
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

/** A row as the API gives it: period, zone, runs, minutes, mm applied, mm target, m³. */
const row = (
  period: string,
  section: number,
  [runs, runtime, applied, target, volume]: [number, number, number, number | null, number | null],
) => ({ period, section, runs, runtime, applied, target, volume });

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
      row('2026-09', zone1.id, [1, 120, 10, 10, null]),
      row('2026-10', zone1.id, [1, 60, 5, 10, 12]),
      row('2026-10', zone2.id, [1, 30, 2.5, 10, 3]),
      row('2026-10', zone3.id, [1, 60, 5, 10, null]),
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
    expect(body.rows).toEqual([row('2026-10-03', zone1, [1, 60, 5, 10, 12])]);
  });

  it('counts a run whole on the day it started, also when it ends after the range', async () => {
    const zone3 = t.farm.sections.zone3.id;
    const area = t.farm.areas.irrigation.id;
    const october = await get(area, `?from=2026-10-25&to=2026-11-01&interval=day&section=${zone3}`);
    expect(irrigationHistorySchema.parse(october.json()).rows).toEqual([
      row('2026-10-31', zone3, [1, 60, 5, 10, null]),
    ]);
    const november = await get(area, `?from=2026-11-01&to=2026-11-08&section=${zone3}`);
    expect(irrigationHistorySchema.parse(november.json()).rows).toEqual([]);
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
