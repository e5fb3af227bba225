import { INVALID_CREDENTIALS } from '@paddock/domain';
import { describe, expect, it } from 'vitest';
import { recordAuthEvents } from '../testing/auth-events.ts';
import { jsonResponse, scriptedFetch, tokenSet } from '../testing/render.tsx';
import { api, ApiError, configureApiClient, OFFLINE } from './api-client.ts';
import { readAuth, writeAuth } from './auth-storage.ts';

const events = recordAuthEvents();

function headerOf(init: RequestInit | undefined, name: string): string | undefined {
  return (init?.headers as Record<string, string> | undefined)?.[name];
}

describe('api client (§7)', () => {
  it('sends JSON with the bearer token against the base URL; 204 is undefined', async () => {
    writeAuth(tokenSet());
    const { fetch, calls } = scriptedFetch(
      jsonResponse(200, [{ id: 1 }]),
      new Response(null, { status: 204 }),
    );
    configureApiClient({ baseUrl: '/api/', fetch });

    await expect(
      api.get('/sites', {
        query: [
          ['country', 'NZ'],
          ['country', 'AU'],
        ],
      }),
    ).resolves.toEqual([{ id: 1 }]);
    await expect(api.put('/sites/1', { config: {} })).resolves.toBeUndefined();

    expect(calls[0]?.url).toBe('/api/sites?country=NZ&country=AU');
    expect(headerOf(calls[0]?.init, 'authorization')).toBe('Bearer access-1');
    expect(calls[1]?.init?.method).toBe('PUT');
    expect(calls[1]?.init?.body).toBe('{"config":{}}');
    expect(headerOf(calls[1]?.init, 'content-type')).toBe('application/json');
  });

  it('turns an error body into an ApiError with status, message, field and detail', async () => {
    const { fetch } = scriptedFetch(
      jsonResponse(400, {
        statusCode: 400,
        message: 'Bad email',
        field: 'email',
        detail: ['a', 'b'],
      }),
    );
    configureApiClient({ baseUrl: '/api', fetch });
    const error = await api.post('/contacts', {}).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      message: 'Bad email',
      field: 'email',
      detail: ['a', 'b'],
    });
  });

  it("fails with status 0 and 'offline' when the network is down (§4)", async () => {
    const { fetch } = scriptedFetch(new TypeError('Failed to fetch'));
    configureApiClient({ baseUrl: '/api', fetch });
    const error = await api.get('/sites').catch((failure: unknown) => failure);
    expect(error).toMatchObject({ status: 0, message: OFFLINE, responseStatus: undefined });
  });

  it('refreshes once for concurrent 401s and retries each call once', async () => {
    writeAuth(tokenSet());
    const refreshed = tokenSet({ token: 'access-2', refreshToken: 'refresh-2' });
    const { fetch, calls } = scriptedFetch(
      jsonResponse(401, { message: 'expired' }),
      jsonResponse(401, { message: 'expired' }),
      jsonResponse(200, refreshed),
      jsonResponse(200, { n: 1 }),
      jsonResponse(200, { n: 2 }),
    );
    configureApiClient({ baseUrl: '/api', fetch });

    const results = await Promise.all([api.get('/a'), api.get('/b')]);

    expect(results).toEqual([{ n: 1 }, { n: 2 }]);
    const refreshCalls = calls.filter((call) => call.url === '/api/user/refresh');
    expect(refreshCalls).toHaveLength(1);
    expect(refreshCalls[0]?.init?.body).toBe('{"refreshToken":"refresh-1"}');
    expect(headerOf(refreshCalls[0]?.init, 'authorization')).toBeUndefined();
    expect(headerOf(calls[3]?.init, 'authorization')).toBe('Bearer access-2');
    expect(readAuth()?.token).toBe('access-2');
    expect(events).toEqual([]);
  });

  it("ends the session with 'Invalid Credentials' when the refresh fails", async () => {
    writeAuth(tokenSet());
    const { fetch, calls } = scriptedFetch(
      jsonResponse(401, { message: 'expired' }),
      jsonResponse(401, {}),
    );
    configureApiClient({ baseUrl: '/api', fetch });

    await expect(api.get('/sites')).rejects.toMatchObject({ status: 401 });
    expect(calls).toHaveLength(2);
    expect(readAuth()).toBeNull();
    expect(events).toEqual([{ type: 'loggedOut', reason: INVALID_CREDENTIALS, remote: false }]);
  });

  it('does not refresh for anonymous calls: a 401 at login is a wrong password', async () => {
    const { fetch, calls } = scriptedFetch(jsonResponse(401, { message: 'Wrong password' }));
    configureApiClient({ baseUrl: '/api', fetch });
    await expect(api.post('/user/login', {}, { anonymous: true })).rejects.toMatchObject({
      status: 401,
    });
    expect(calls).toHaveLength(1);
    expect(events).toEqual([]);
  });
});
