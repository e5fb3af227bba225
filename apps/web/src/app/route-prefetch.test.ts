import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { configureApiClient } from '../lib/api-client.ts';
import { clearAuth, writeAuth } from '../lib/auth-storage.ts';
import { jsonResponse, tokenSet } from '../testing/render.tsx';
import { createQueryClient } from './query-client.ts';
import { prefetchRouteData } from './route-prefetch.ts';

/** The paths the prefetch asked for, answered with an empty list (every call here is a GET). */
function recordingFetch() {
  const paths: string[] = [];
  const fetch = ((input: RequestInfo | URL) => {
    const url = new URL(typeof input === 'string' ? input : input.toString(), 'http://console');
    paths.push(`${url.pathname}${url.search}`);
    return Promise.resolve(jsonResponse(200, []));
  }) as typeof globalThis.fetch;
  return { fetch, paths };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

let network: ReturnType<typeof recordingFetch>;
beforeEach(() => {
  network = recordingFetch();
  configureApiClient({ baseUrl: '/api', fetch: network.fetch });
});
afterEach(() => {
  clearAuth();
  localStorage.clear();
});

describe('prefetchRouteData', () => {
  it("starts the Telemetry page's site, sections, radios and units calls from the location", async () => {
    writeAuth(tokenSet());
    prefetchRouteData(createQueryClient(), { pathname: '/1/telemetry/10', search: '?radio=5' });
    await settle();
    expect(network.paths.sort()).toEqual([
      '/api/areas/10/radios',
      '/api/sections?area=10',
      '/api/sites/1',
      '/api/sites/1/units',
    ]);
  });

  it("starts the Weather page's sensors beside its radios and units", async () => {
    writeAuth(tokenSet());
    prefetchRouteData(createQueryClient(), { pathname: '/1/weather/10', search: '' });
    await settle();
    expect(network.paths.sort()).toEqual([
      '/api/areas/10/radios',
      '/api/sections?area=10',
      '/api/sensors?area=10',
      '/api/sites/1',
      '/api/sites/1/units',
    ]);
  });

  it("starts the fleet view's one call, its first page, which has no site", async () => {
    writeAuth(tokenSet());
    prefetchRouteData(createQueryClient(), { pathname: '/fleet', search: '' });
    await settle();
    expect(network.paths).toEqual(['/api/fleet?limit=100']);
  });

  it('asks nothing the cache already holds', async () => {
    writeAuth(tokenSet());
    const queryClient = createQueryClient();
    prefetchRouteData(queryClient, { pathname: '/1/telemetry/10', search: '' });
    await settle();
    const first = network.paths.length;
    prefetchRouteData(queryClient, { pathname: '/1/telemetry/10', search: '?unit=7' });
    await settle();
    expect(network.paths).toHaveLength(first);
  });

  it('starts only the site on a site page, and nothing outside a site', async () => {
    writeAuth(tokenSet());
    prefetchRouteData(createQueryClient(), { pathname: '/1/summary', search: '' });
    prefetchRouteData(createQueryClient(), { pathname: '/dashboard', search: '' });
    await settle();
    expect(network.paths).toEqual(['/api/sites/1']);
  });

  it('waits for the session check when there is no session or it has expired', async () => {
    prefetchRouteData(createQueryClient(), { pathname: '/1/telemetry/10', search: '' });
    writeAuth(tokenSet({ expiresAt: Date.now() - 1_000 }));
    prefetchRouteData(createQueryClient(), { pathname: '/1/telemetry/10', search: '' });
    await settle();
    expect(network.paths).toEqual([]);
  });
});
