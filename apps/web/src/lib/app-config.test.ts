import { describe, expect, it } from 'vitest';
import { loadAppConfig } from './app-config.ts';

const valid = {
  environment: 'production',
  bugsnagApiKey: 'abc',
  apiBaseUrl: '/api',
  awsRegion: 'ap-southeast-2',
};

function respondWith(status: number, body: unknown): typeof fetch {
  return async () =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

describe('§4 start-up: loading the app config', () => {
  it('returns the validated config', async () => {
    await expect(loadAppConfig(respondWith(200, valid))).resolves.toEqual({
      ok: true,
      config: valid,
    });
  });

  it.each([
    ['a server error', respondWith(500, {})],
    [
      'a network failure',
      (async () => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch,
    ],
    [
      'a body that is not JSON',
      (async () => new Response('<html>', { status: 200 })) as typeof fetch,
    ],
  ])('%s reads Failed to Fetch from the Server (§8)', async (_label, fetchImpl) => {
    await expect(loadAppConfig(fetchImpl)).resolves.toEqual({
      ok: false,
      message: 'Failed to Fetch from the Server',
    });
  });

  it.each([
    ['environment', 'Missing or Invalid Environment Property'],
    ['apiBaseUrl', 'Missing or Invalid API Base Url Property'],
    ['awsRegion', 'Missing or Invalid AWS Region Property'],
  ])('a config without %s names it (§8)', async (field, message) => {
    const body = Object.fromEntries(Object.entries(valid).filter(([key]) => key !== field));
    await expect(loadAppConfig(respondWith(200, body))).resolves.toEqual({ ok: false, message });
  });
});
