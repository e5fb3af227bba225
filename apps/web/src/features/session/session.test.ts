import { INVALID_CREDENTIALS } from '@paddock/domain';
import { describe, expect, it } from 'vitest';
import { configureApiClient } from '../../lib/api-client.ts';
import { emitAuthEvent } from '../../lib/auth-events.ts';
import { readAuth, writeAuth } from '../../lib/auth-storage.ts';
import { recordAuthEvents } from '../../testing/auth-events.ts';
import { jsonResponse, scriptedFetch, tokenSet } from '../../testing/render.tsx';
import { ensureValidSession } from './session.ts';

const events = recordAuthEvents();
const now = new Date();

describe('§5 credentials at start', () => {
  it('a stored, unexpired session is valid without a call', async () => {
    writeAuth(tokenSet());
    configureApiClient({ baseUrl: '/api', fetch: scriptedFetch().fetch });
    await expect(ensureValidSession(now)).resolves.toBe('valid');
  });

  it('no stored session is none, and no event', async () => {
    await expect(ensureValidSession(now)).resolves.toBe('none');
    expect(events).toEqual([]);
  });

  it('an expired session is refreshed once', async () => {
    writeAuth(tokenSet({ expiresAt: now.getTime() - 1 }));
    const { fetch, calls } = scriptedFetch(jsonResponse(200, tokenSet({ token: 'fresh' })));
    configureApiClient({ baseUrl: '/api', fetch });
    await expect(ensureValidSession(now)).resolves.toBe('valid');
    expect(calls.map((call) => call.url)).toEqual(['/api/user/refresh']);
    expect(readAuth()?.token).toBe('fresh');
  });

  it("an expired session whose refresh fails logs out with 'Invalid Credentials'", async () => {
    writeAuth(tokenSet({ expiresAt: now.getTime() - 1 }));
    configureApiClient({ baseUrl: '/api', fetch: scriptedFetch(jsonResponse(401, {})).fetch });
    await expect(ensureValidSession(now)).resolves.toBe('ended');
    expect(readAuth()).toBeNull();
    expect(events).toEqual([{ type: 'loggedOut', reason: INVALID_CREDENTIALS, remote: false }]);
  });

  it('a stored record that is not a session is none', async () => {
    localStorage.setItem('auth', JSON.stringify({ uid: 'x', loginId: 'y' }));
    await expect(ensureValidSession(now)).resolves.toBe('none');
  });
});

describe('§4 logged-out event', () => {
  it('reaches every listener of this tab, marked local', () => {
    emitAuthEvent({ type: 'loggedOut' });
    expect(events).toEqual([{ type: 'loggedOut', remote: false }]);
  });
});
