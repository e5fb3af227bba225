import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, scriptedFetch, tokenSet } from '../testing/render.tsx';
import { configureApiClient } from '../lib/api-client.ts';
import { readAuth, writeAuth } from '../lib/auth-storage.ts';
import { fetchFile } from './download-file.ts';

function authorizationOf(init: RequestInit | undefined): string | undefined {
  return (init?.headers as Record<string, string> | undefined)?.authorization;
}

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('fetchFile: a file of the API', () => {
  it('sends the bearer token and reads the file', async () => {
    writeAuth(tokenSet());
    configureApiClient({ baseUrl: '/api' });
    const files = scriptedFetch(new Response('a,b\n1,2\n', { status: 200 }));
    vi.stubGlobal('fetch', files.fetch);

    const file = await fetchFile('/exports/7/file', { format: 'csv' });

    expect(await file.text()).toBe('a,b\n1,2\n');
    expect(files.calls[0]?.url).toBe('/api/exports/7/file?format=csv');
    expect(authorizationOf(files.calls[0]?.init)).toBe('Bearer access-1');
  });

  it('refreshes the session once after a 401 and tries again with the new token', async () => {
    writeAuth(tokenSet());
    const refresh = scriptedFetch(jsonResponse(200, tokenSet({ token: 'access-2' })));
    configureApiClient({ baseUrl: '/api', fetch: refresh.fetch });
    const files = scriptedFetch(
      new Response(null, { status: 401 }),
      new Response('day', { status: 200 }),
    );
    vi.stubGlobal('fetch', files.fetch);

    expect(await (await fetchFile('/exports/7/file')).text()).toBe('day');
    expect(refresh.calls.map((call) => call.url)).toEqual(['/api/user/refresh']);
    expect(files.calls.map((call) => authorizationOf(call.init))).toEqual([
      'Bearer access-1',
      'Bearer access-2',
    ]);
    expect(readAuth()?.token).toBe('access-2');
  });

  it('fails when the file cannot be had, and refreshes no more than once', async () => {
    writeAuth(tokenSet());
    const refresh = scriptedFetch(jsonResponse(200, tokenSet({ token: 'access-2' })));
    configureApiClient({ baseUrl: '/api', fetch: refresh.fetch });
    const files = scriptedFetch(
      new Response(null, { status: 401 }),
      new Response(null, { status: 401 }),
    );
    vi.stubGlobal('fetch', files.fetch);

    await expect(fetchFile('/exports/7/file')).rejects.toThrow(
      'The file could not be downloaded (401)',
    );
    expect(files.calls).toHaveLength(2);
    expect(refresh.calls).toHaveLength(1);
  });
});
