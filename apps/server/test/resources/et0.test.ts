/**
 * GET sites/{id}/et0 (issue 30 item 8): a site's daily reference evapotranspiration per weather
 * station with each day's inputs, for a member who may view the site; 403 for a member of
 * another site only; 400 naming the field for a range that is not one. On PGlite, or PostgreSQL
 * with DATABASE_URL.
 */
import { siteEt0Schema } from '@paddock/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recomputeAgronomy } from '../../src/agronomy/agronomy.ts';
import * as s from '../../src/db/schema.ts';
import { createHistoryStore } from '../../src/ingest/history-store.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';
import { only } from '../helpers/rows.ts';

let t: TestApp;
let temperatureId: number;
/** 20 November 2026 00:00 in Auckland (NZDT +13); the test clock is 22:00 on the 21st. */
const DAY_START = Date.parse('2026-11-19T11:00:00.000Z');

beforeAll(async () => {
  t = await buildTestApp();
  const sensor = await t.db
    .insert(s.sensors)
    .values({
      siteId: t.farm.sites.a.id,
      areaId: t.farm.areas.irrigation.id,
      type: 'temperature',
      location: '[-39.64,176.84]',
      tags: { identifier: 'weather' },
      topics: [{ metric: 'temperature', type: 'analog', lastValue: null, timestamp: null }],
      label: 'Weather station air temperature',
      serialno: 'S-ET0',
    })
    .returning();
  temperatureId = only(sensor).id;
  const times: number[] = [];
  const values: number[] = [];
  for (let time = DAY_START; time < DAY_START + 86_400_000; time += 600_000) {
    times.push(time);
    values.push(Math.round((17 + 8 * Math.sin((time - DAY_START) / 13_750_987)) * 10) / 10);
  }
  await createHistoryStore(t.db).store(t.farm.sites.a.id, [
    { thing: 'sensor', id: temperatureId, metric: 'temperature', times, values },
  ]);
  await recomputeAgronomy(t.db, t.clock.now());
});
afterAll(() => t.close());

const get = (query: string, user = t.farm.users.monitor.id, site = t.farm.sites.a.id) =>
  t.as(user, { method: 'GET', url: `/api/sites/${site}/et0${query}` });

describe('GET /api/sites/{id}/et0', () => {
  it('gives a viewer each station`s days in the range with their inputs', async () => {
    const response = await get('?from=2026-11-01&to=2026-11-30');
    expect(response.statusCode).toBe(200);
    const body = siteEt0Schema.parse(response.json());
    expect(body).toMatchObject({ site: t.farm.sites.a.id, timezone: 'Pacific/Auckland' });
    expect(body.stations).toHaveLength(1);
    const station = body.stations[0];
    expect(station?.area).toBe(t.farm.areas.irrigation.id);
    expect(station?.days.map((day) => day.date)).toEqual(['2026-11-20']);
    const day = station?.days[0];
    expect(day?.et0).toBeGreaterThan(0);
    expect(day?.inputs).toMatchObject({
      sources: { ea: 'tmin', rs: 'temperature', pressure: 'elevation', wind: 'default' },
      kRs: 0.16,
      elevationMetres: 0,
      sensors: { temperature: temperatureId, humidity: null },
    });
    // A range before the day: no station has a day in it.
    const empty = siteEt0Schema.parse((await get('?from=2026-10-01&to=2026-10-31')).json());
    expect(empty.stations).toEqual([]);
  });

  it('is refused to a member of another site only, and 404 for an unknown site', async () => {
    const outsider = await get('?from=2026-11-01&to=2026-11-30', t.farm.users.outsider.id);
    expect(outsider.statusCode).toBe(403);
    const unknown = await get('?from=2026-11-01&to=2026-11-30', t.farm.users.admin.id, 999_999);
    expect(unknown.statusCode).toBe(404);
  });

  it.each([
    ['?to=2026-11-30', 'from'],
    ['?from=2026-11-01', 'to'],
    ['?from=2026-13-01&to=2026-12-31', 'from'],
    ['?from=2026-11-30&to=2026-11-01', 'to'],
    ['?from=2025-01-01&to=2026-02-05', 'to'],
  ])('refuses %s naming %s', async (query, field) => {
    const response = await get(query);
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toContain(field);
  });
});
