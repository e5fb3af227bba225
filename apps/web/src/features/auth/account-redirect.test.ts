import { describe, expect, it } from 'vitest';
import { accountSetupRedirect, legacyLoginRedirect } from './account-redirect.ts';

const LEGACY = 'https://legacy.paddock.example/login';

describe('§2 redirect after activation or reset', () => {
  it.each([
    [{ siteId: '4', legacy: null }, null, { kind: 'route', to: '/4' }],
    [{ siteId: '4', legacy: 'false' }, LEGACY, { kind: 'route', to: '/4' }],
    [{ siteId: null, legacy: null }, null, { kind: 'route', to: '/login' }],
    [{ siteId: '0', legacy: null }, null, { kind: 'route', to: '/login' }],
    [{ siteId: '-3', legacy: null }, null, { kind: 'route', to: '/login' }],
    [{ siteId: '2.5', legacy: null }, null, { kind: 'route', to: '/login' }],
    [{ siteId: 'abc', legacy: null }, null, { kind: 'route', to: '/login' }],
    [{ siteId: '4', legacy: 'true' }, LEGACY, { kind: 'external', url: LEGACY }],
    [{ siteId: '4', legacy: 'true' }, null, { kind: 'route', to: '/login' }],
  ] as const)('%j with legacy login %s → %j', (query, legacyUrl, expected) => {
    expect(accountSetupRedirect(query, legacyUrl)).toEqual(expected);
  });

  it('the legacy login falls back to our /login', () => {
    expect(legacyLoginRedirect(null)).toEqual({ kind: 'route', to: '/login' });
    expect(legacyLoginRedirect(LEGACY)).toEqual({ kind: 'external', url: LEGACY });
  });
});
