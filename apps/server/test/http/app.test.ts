import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { buildApp } from '../../src/app.ts';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { buildAppOnTestDatabase } from '../helpers/test-app.ts';
import { fakeWebDist } from '../helpers/web-dist.ts';

/**
 * The app serving `webDist`, built before the describe's cases and closed after. It gets a test
 * database of its own, never the repository's ./data a running server may hold.
 */
function hostConsole(webDist: string, env: Record<string, string> = {}) {
  const host = {} as { app: Awaited<ReturnType<typeof buildApp>> };
  beforeAll(async () => {
    host.app = await buildAppOnTestDatabase({
      ...loadConfig({
        ...env,
        PADDOCK_DATA_DIR: mkdtempSync(path.join(tmpdir(), 'paddock-data-')),
      }),
      webDist,
      logLevel: 'silent',
    });
  });
  afterAll(() => host.app.close());
  return host;
}

describe('server configuration', () => {
  it('defaults to port 8080 in development', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.environment).toBe('development');
  });

  it('PORT overrides the port', () => {
    expect(loadConfig({ PORT: '9123' }).port).toBe(9123);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ PADDOCK_ENVIRONMENT: 'prod' }, 'PADDOCK_ENVIRONMENT'],
  ])('rejects %j naming %s', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(name);
  });
});

describe('web host', () => {
  const host = hostConsole(fakeWebDist(), {
    PADDOCK_ENVIRONMENT: 'staging',
    BUGSNAG_API_KEY: 'key-1',
  });

  it('GET /appConfig.json announces environment, error-reporting key, API base and region (spec §7)', async () => {
    const response = await host.app.inject({ method: 'GET', url: '/appConfig.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({
      environment: 'staging',
      bugsnagApiKey: 'key-1',
      apiBaseUrl: '/api',
      awsRegion: 'ap-southeast-2',
    });
  });

  it.each(['/', '/login', '/12/irrigation/3/zone/7?valve=9', '/dashboard?country=nz'])(
    'GET %s returns the console so its router can resolve the path',
    async (url) => {
      const response = await host.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<div id="root">');
    },
  );

  it('hashed assets are cached for good, index.html never', async () => {
    const asset = await host.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.headers['cache-control']).toContain('immutable');
    const index = await host.app.inject({ method: 'GET', url: '/' });
    expect(index.headers['cache-control']).toBe('no-cache');
  });

  it('an unknown API path is a JSON 404, not the console', async () => {
    const response = await host.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ statusCode: 404 });
  });

  it('a non-GET unknown path is a 404', async () => {
    const response = await host.app.inject({ method: 'POST', url: '/somewhere' });
    expect(response.statusCode).toBe(404);
  });
});

describe('compression', () => {
  const webDist = fakeWebDist();
  writeFileSync(
    path.join(webDist, 'assets', 'index-big.js'),
    `console.log(${JSON.stringify('paddock '.repeat(2000))});`,
  );
  const host = hostConsole(webDist);

  it('scripts go out compressed to a browser that accepts it, and plain to one that does not', async () => {
    const gzip = await host.app.inject({
      method: 'GET',
      url: '/assets/index-big.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.statusCode).toBe(200);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.rawPayload.length).toBeLessThan(2000);
    const plain = await host.app.inject({ method: 'GET', url: '/assets/index-big.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('paddock paddock');
  });
});
