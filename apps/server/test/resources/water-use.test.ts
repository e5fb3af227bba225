/**
 * GET areas/{id}/water-use: the area's meter totals shared among the zones whose valves ran
 * while they were measured, per zone and per site day, with each zone's flow against its usual
 * flow. On PGlite, or PostgreSQL with DATABASE_URL.
 */
import { waterUseSchema } from '@paddock/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../src/db/schema.ts';
import { addSeries, addWaterMeter } from '../helpers/farm.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
const H = 3_600_000;
/** The test clock's now is 2026-11-21T09:00Z (22:00 in Auckland). */
let now: number;

const seriesOf = (type: 'sensor' | 'control', id: number, metric: string) =>
  addSeries(t.db, t.farm.sites.a.id, { type, id, metric });

async function readings(seriesId: number, points: [hoursAgo: number, value: number][]) {
  await t.db.insert(s.readings).values(
    points.map(([hoursAgo, value]) => ({
      seriesId,
      time: new Date(now - hoursAgo * H),
      value,
    })),
  );
}

beforeAll(async () => {
  t = await buildTestApp();
  now = t.clock.now().getTime();
  const farm = t.farm;
  const meterId = await addWaterMeter(t.db, farm, {
    label: 'Mainline flow meter',
    serialno: 'WM-1',
  });
  // Hourly totals over the last 6 hours: zone 1 ran 6h→4h ago at 9 m³/h; zones 1 and 2 together
  // 4h→3h ago (18 m³); nothing 3h→2h ago but 1 m³ (unattributed); zone 2 alone 2h→0h at 14 m³/h.
  await readings(await seriesOf('sensor', meterId, 'water.total'), [
    [6, 1000],
    [5, 1009],
    [4, 1018],
    [3, 1036],
    [2, 1037],
    [1, 1051],
    [0.001, 1065],
  ]);
  // Zone 1's valve was already open before the window of 5 hours asked below starts.
  await readings(await seriesOf('control', farm.controls.valve1.id, 'running'), [
    [6, 1],
    [3, 0],
  ]);
  await readings(await seriesOf('control', farm.controls.valve2.id, 'running'), [
    [4, 1],
    [3, 0],
    [2, 1],
  ]);
});
afterAll(() => t.close());

const get = (area: number, query = '', user = t.farm.users.admin.id) =>
  t.as(user, { method: 'GET', url: `/api/areas/${area}/water-use${query}` });

describe('GET /api/areas/{id}/water-use', () => {
  it('shares the meter volumes among the zones that ran', async () => {
    const response = await get(t.farm.areas.irrigation.id);
    expect(response.statusCode).toBe(200);
    const body = waterUseSchema.parse(response.json());
    const zone1 = t.farm.sections.zone1.id;
    const zone2 = t.farm.sections.zone2.id;
    expect(body.timezone).toBe('Pacific/Auckland');
    expect(body.zones.map((z) => [z.section, z.volume, z.hours])).toEqual([
      [zone1, 27, 3],
      [zone2, 37, 3],
    ]);
    expect(body.unattributed).toBe(1);
    const total = body.days.flatMap((d) => d.zones).reduce((sum, z) => sum + z.volume, 0);
    expect(total).toBe(64);
    expect(body.days.map((d) => d.date)).toEqual(['2026-11-21']);
  });

  it('starts a zone already running at the start of the window there', async () => {
    const body = waterUseSchema.parse((await get(t.farm.areas.irrigation.id, '?days=1')).json());
    expect(body.zones.find((z) => z.section === t.farm.sections.zone1.id)?.hours).toBe(3);
  });

  it.each([
    ['0', 'days'],
    ['91', 'days'],
    ['x', 'days'],
  ])('refuses days=%s', async (days, field) => {
    const response = await get(t.farm.areas.irrigation.id, `?days=${days}`);
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toContain(field);
  });

  it("is refused on another site's area and unknown areas", async () => {
    const outsider = t.farm.users.outsider.id;
    expect((await get(t.farm.areas.irrigation.id, '', outsider)).statusCode).toBe(403);
    expect((await get(999_999)).statusCode).toBe(404);
  });
});
