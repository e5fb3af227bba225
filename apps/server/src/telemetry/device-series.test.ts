/**
 * GET radios/{id}/series and units/{id}/series (issue 12): a radio's or unit's battery, signal
 * and misses as its status reports gave them, read like any chart series.
 */
import { seriesSchema, type Series } from '@paddock/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertReadings } from './reading.repository.ts';
import { itRefusesReadsOfOneThing } from '../../test/helpers/refusals.ts';
import { addSeries } from '../../test/helpers/farm.ts';
import { buildTestApp, type TestApp } from '../../test/helpers/test-app.ts';

let t: TestApp;

const addSiteSeries = (type: 'radio' | 'unit', id: number, metric: string) =>
  addSeries(t.db, t.farm.sites.a.id, { type, id, metric });

const at = (iso: string) => Date.parse(iso);

beforeAll(async () => {
  t = await buildTestApp();
  const battery = await addSiteSeries('radio', t.farm.radios.radio1.id, 'battery');
  const signal = await addSiteSeries('radio', t.farm.radios.radio1.id, 'signal');
  const unitBattery = await addSiteSeries('unit', t.farm.units.a.id, 'battery');
  await insertReadings(t.db, [
    { seriesId: battery, time: at('2026-11-20T09:00:00Z'), value: 3.6 },
    { seriesId: battery, time: at('2026-11-20T09:10:00Z'), value: 3.58 },
    { seriesId: battery, time: at('2026-11-21T08:00:00Z'), value: 3.5 },
    { seriesId: signal, time: at('2026-11-21T08:00:00Z'), value: -81 },
    { seriesId: unitBattery, time: at('2026-11-21T08:00:00Z'), value: 12.6 },
  ]);
});
afterAll(() => t.close());

async function getSeries(url: string): Promise<Series> {
  const response = await t.as(t.farm.users.monitor.id, { method: 'GET', url });
  expect(response.statusCode, response.body).toBe(200);
  return seriesSchema.parse(response.json());
}

const lastTwoDays = 'from=2026-11-20T00:00:00Z&to=2026-11-22T00:00:00Z&width=100&option=2';

describe('GET /api/radios/{id}/series', () => {
  it("charts the radio's battery in volts, one point per bucket", async () => {
    const answer = await getSeries(
      `/api/radios/${t.farm.radios.radio1.id}/series?metric=battery&${lastTwoDays}`,
    );
    expect(answer).toMatchObject({
      thing: { type: 'radio', id: t.farm.radios.radio1.id },
      metric: 'battery',
      option: 2,
      bucket: { unit: 'minute', size: 15 },
      points: [
        ['2026-11-20T09:00:00.000Z', 3.58, 3.6],
        ['2026-11-21T08:00:00.000Z', 3.5, 3.5],
      ],
    });
  });

  it('a health metric without readings yet is an empty chart', async () => {
    const answer = await getSeries(
      `/api/radios/${t.farm.radios.radio2.id}/series?metric=misses&${lastTwoDays}`,
    );
    expect(answer.points).toEqual([]);
  });

  it('404 naming the metric for one a radio does not report', async () => {
    const response = await t.as(t.farm.users.monitor.id, {
      method: 'GET',
      url: `/api/radios/${t.farm.radios.radio1.id}/series?metric=soil.moisture`,
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ field: 'metric', location: 'querystring' });
  });

  it('400 for a metric missing from the query', async () => {
    const response = await t.as(t.farm.users.monitor.id, {
      method: 'GET',
      url: `/api/radios/${t.farm.radios.radio1.id}/series`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'metric' });
  });

  it("403 for the radio of another site, even for that site's own", async () => {
    const response = await t.as(t.farm.users.monitor.id, {
      method: 'GET',
      url: `/api/radios/${t.farm.radios.radioB.id}/series?metric=battery`,
    });
    expect(response.statusCode).toBe(403);
  });

  itRefusesReadsOfOneThing(() => t, {
    thing: 'radio',
    url: (id) => `/api/radios/${id}/series?metric=battery`,
    id: () => t.farm.radios.radio1.id,
  });
});

describe('GET /api/units/{id}/series', () => {
  it("charts the unit's battery", async () => {
    const answer = await getSeries(
      `/api/units/${t.farm.units.a.id}/series?metric=battery&${lastTwoDays}`,
    );
    expect(answer).toMatchObject({
      thing: { type: 'unit', id: t.farm.units.a.id },
      points: [['2026-11-21T08:00:00.000Z', 12.6, 12.6]],
    });
  });

  itRefusesReadsOfOneThing(() => t, {
    thing: 'unit',
    url: (id) => `/api/units/${id}/series?metric=signal`,
    id: () => t.farm.units.a.id,
  });
});
