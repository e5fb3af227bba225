import { WEATHER_LAYERS } from '@paddock/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../src/db/schema.ts';
import { ensureMetrics } from '../../src/resources/metrics/ensure-metrics.ts';
import { injectWithExpiredToken } from '../helpers/refusals.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await ensureMetrics(t.db);
});
afterAll(() => t.close());

describe('ensureMetrics', () => {
  it('keeps one row per §9 weather layer metric, and can run again', async () => {
    await t.db
      .update(schema.metrics)
      .set({ label: 'stale', unit: null })
      .where(eq(schema.metrics.id, WEATHER_LAYERS.temperature));
    await ensureMetrics(t.db);
    const rows = await t.db.select().from(schema.metrics);
    expect(rows.map((row) => row.id).sort((a, b) => a - b)).toEqual(
      Object.values(WEATHER_LAYERS).sort((a, b) => a - b),
    );
    expect(rows.find((row) => row.id === WEATHER_LAYERS.temperature)).toEqual({
      id: 24,
      name: 'temperature',
      label: 'Temperature',
      unit: '°C',
    });
  });
});

describe('GET /api/metrics/list', () => {
  it('lists every metric in id order for any signed-in user', async () => {
    await t.db
      .insert(schema.metrics)
      .values({ id: 500, name: 'fuel.level', label: 'Fuel level', unit: '%' });
    for (const userId of [t.farm.users.monitor.id, t.farm.users.outsider.id]) {
      const response = await t.as(userId, { method: 'GET', url: '/api/metrics/list' });
      expect(response.statusCode).toBe(200);
      const metrics = response.json();
      // The twelve §9 layers, ET0 and the test's own.
      expect(metrics).toHaveLength(14);
      expect(metrics.slice(0, 3)).toEqual([
        { id: 8, name: 'soil.moisture', unit: '%' },
        { id: 9, name: 'soil.temperature', unit: '°C' },
        { id: 24, name: 'temperature', unit: '°C' },
      ]);
      expect(metrics).toContainEqual({ id: 126, name: 'rain.avg', unit: 'mm' });
      expect(metrics).toContainEqual({ id: 27, name: 'wind.speed', unit: 'kph' });
      expect(metrics).toContainEqual({ id: 200, name: 'evapotranspiration.et0.daily', unit: 'mm' });
      expect(metrics.at(-1)).toEqual({ id: 500, name: 'fuel.level', unit: '%' });
    }
  });

  it('401 without a token', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/metrics/list' });
    expect(response.statusCode).toBe(401);
  });

  it('401 once the access token has expired', async () => {
    const response = await injectWithExpiredToken(t, t.farm.users.monitor.id, {
      method: 'GET',
      url: '/api/metrics/list',
    });
    expect(response.statusCode).toBe(401);
  });
});
