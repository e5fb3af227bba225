import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATUS_SUMMARY_CACHE_MS } from '../../src/adapters/status-page.ts';
import { startStatusPage, type StatusPageServer } from '../helpers/status-page-server.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';

let page: StatusPageServer;
let t: TestApp;
beforeAll(async () => {
  page = await startStatusPage();
  t = await buildTestApp({ STATUS_SUMMARY_URL: page.url });
});
afterAll(async () => {
  await t.close();
  await page.close();
});

const summary = () => t.app.inject({ method: 'GET', url: '/api/status/summary?timestamp=1' });

describe('GET /api/status/summary', () => {
  it('relays the status page, asking it with a timestamp', async () => {
    page.set({
      activeIncidents: [{ name: 'Delayed telemetry', url: 'https://status.example/incidents/1' }],
      activeMaintenances: [],
    });
    const response = await summary();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      activeIncidents: [{ name: 'Delayed telemetry', url: 'https://status.example/incidents/1' }],
      activeMaintenances: [],
    });
    expect(page.requests.at(-1)?.timestamp).toBe(String(t.clock.now().getTime()));
  });

  it('asks the page again only once its answer is older than the cache time', async () => {
    const asked = page.requests.length;
    page.set({ activeIncidents: [], activeMaintenances: [{ name: 'Database upgrade' }] });
    expect((await summary()).json().activeMaintenances).toEqual([]);
    expect(page.requests.length).toBe(asked);
    t.clock.advance(STATUS_SUMMARY_CACHE_MS);
    expect((await summary()).json().activeMaintenances).toEqual([{ name: 'Database upgrade' }]);
    expect(page.requests.length).toBe(asked + 1);
  });

  it('a status page that is down reads as nothing to report', async () => {
    await page.close();
    t.clock.advance(STATUS_SUMMARY_CACHE_MS);
    const response = await summary();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ activeIncidents: [], activeMaintenances: [] });
    page = await startStatusPage();
  });

  it('400 for a timestamp that is not a number', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/status/summary?timestamp=soon',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'timestamp', location: 'querystring' });
  });

  it('STATUS_SUMMARY_CACHE_MS=0 asks the page on every call', async () => {
    const uncached = await buildTestApp({
      STATUS_SUMMARY_URL: page.url,
      STATUS_SUMMARY_CACHE_MS: '0',
    });
    try {
      const ask = () =>
        uncached.app.inject({ method: 'GET', url: '/api/status/summary?timestamp=2' });
      page.set({ activeIncidents: [{ name: 'Radio outage' }], activeMaintenances: [] });
      expect((await ask()).json().activeIncidents).toEqual([{ name: 'Radio outage' }]);
      page.set({ activeIncidents: [], activeMaintenances: [] });
      expect((await ask()).json().activeIncidents).toEqual([]);
    } finally {
      await uncached.close();
    }
  });

  it('without a configured status page there is nothing to report', async () => {
    const plain = await buildTestApp();
    try {
      const response = await plain.app.inject({ method: 'GET', url: '/api/status/summary' });
      expect(response.json()).toEqual({ activeIncidents: [], activeMaintenances: [] });
    } finally {
      await plain.close();
    }
  });
});
