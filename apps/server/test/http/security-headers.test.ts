/**
 * The headers every response carries (Content-Security-Policy, framing, sniffing, referrer), on
 * the console's pages and on the API, and no source map served in production.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { buildAppOnTestDatabase } from '../helpers/test-app.ts';
import { fakeWebDist } from '../helpers/web-dist.ts';

const MAP = '/assets/index-abc123.js.map';

/** A built console with its source map beside its script. */
function builtConsole(): string {
  const dir = fakeWebDist();
  writeFileSync(path.join(dir, MAP.slice(1)), '{"version":3,"sources":["src/main.tsx"]}');
  return dir;
}

async function consoleHost(environment: 'production' | 'development') {
  return buildAppOnTestDatabase({
    ...loadConfig({
      PADDOCK_ENVIRONMENT: environment,
      BUGSNAG_API_KEY: 'key-1',
      PADDOCK_DATA_DIR: mkdtempSync(path.join(tmpdir(), 'paddock-data-')),
    }),
    webDist: builtConsole(),
    logLevel: 'silent' as const,
  });
}

describe('in production', () => {
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    app = await consoleHost('production');
  });
  afterAll(() => app.close());

  it.each([
    ['the console', '/'],
    ['a deep link to the console', '/12/irrigation/3'],
    ['a script of the console', '/assets/index-abc123.js'],
    ['the app config', '/appConfig.json'],
    ['an open API call', '/api/health'],
    ['an API call refused without a token', '/api/sites'],
    ['an unknown API path', '/api/nothing-here'],
  ])('%s (GET %s) carries the security headers', async (_name, url) => {
    const response = await app.inject({ method: 'GET', url });
    const policy = String(response.headers['content-security-policy']);
    expect(policy).toContain("default-src 'self'");
    expect(policy).toContain("script-src 'self';");
    expect(policy).not.toMatch(/script-src[^;]*unsafe/);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('a source map is 404, not served and not the console', async () => {
    for (const url of [MAP, `${MAP}?v=1`, '/assets/missing.js.map']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('"sources"');
      expect(response.body).not.toContain('<div id="root">');
    }
  });
});

describe('in development', () => {
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    app = await consoleHost('development');
  });
  afterAll(() => app.close());

  it('source maps are served, for debugging the built console', async () => {
    const response = await app.inject({ method: 'GET', url: MAP });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('"sources"');
  });
});
