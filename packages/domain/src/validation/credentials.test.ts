import { describe, expect, it } from 'vitest';
import { canAccessSite, credentialsValidity, nextCredentialsStep } from './credentials.ts';
import type { CredentialsStep, CredentialsValidity } from './credentials.ts';
import { INVALID_CREDENTIALS } from './messages.ts';

const now = new Date(Date.UTC(2026, 5, 1, 12));
const auth = {
  loginId: 'ana@paddock.nz',
  identityId: 'ap-southeast-2:1234',
  identityPoolId: 'ap-southeast-2:pool',
  token: 'tkn',
  expiresAt: now.getTime() + 60_000,
};

describe('§5 credentials valid only with a non-empty auth record of string fields, unexpired', () => {
  it.each<[string, unknown, CredentialsValidity]>([
    ['complete and unexpired', auth, 'valid'],
    ['expires one ms after now', { ...auth, expiresAt: now.getTime() + 1 }, 'valid'],
    ['expires exactly now', { ...auth, expiresAt: now.getTime() }, 'expired'],
    ['expired an hour ago', { ...auth, expiresAt: now.getTime() - 3_600_000 }, 'expired'],
    ['no record', null, 'invalid'],
    ['undefined', undefined, 'invalid'],
    ['empty record', {}, 'invalid'],
    ['empty loginId', { ...auth, loginId: '' }, 'invalid'],
    ['numeric identityId', { ...auth, identityId: 7 }, 'invalid'],
    ['missing identityPoolId', { ...auth, identityPoolId: undefined }, 'invalid'],
    ['missing token', { ...auth, token: undefined }, 'invalid'],
    ['expiry as text', { ...auth, expiresAt: '2026-06-01' }, 'invalid'],
    ['no expiry', { ...auth, expiresAt: undefined }, 'invalid'],
    ['a string', 'auth', 'invalid'],
  ])('%s → %s', (_label, record, validity) => {
    expect(credentialsValidity(record, now)).toBe(validity);
  });
});

describe('§5 refreshed once if expired; else logout with Invalid Credentials', () => {
  it.each<[CredentialsValidity, boolean, CredentialsStep]>([
    ['valid', false, 'proceed'],
    ['valid', true, 'proceed'],
    ['expired', false, 'refresh'],
    ['expired', true, 'logout'],
    ['invalid', false, 'logout'],
    ['invalid', true, 'logout'],
  ])('%s, already refreshed %s → %s', (validity, refreshed, step) => {
    expect(nextCredentialsStep(validity, refreshed)).toBe(step);
  });

  it('the logout message', () => {
    expect(INVALID_CREDENTIALS).toBe('Invalid Credentials');
  });
});

describe('§5/§6 a route needs a siteId the user can access', () => {
  it.each<[number | string | null | undefined, boolean]>([
    [12, true],
    ['12', true],
    [13, false],
    ['13', false],
    ['012', false],
    ['12abc', false],
    [' 12', false],
    [0, false],
    [-12, false],
    [12.5, false],
    [null, false],
    [undefined, false],
    ['', false],
  ])('%j → %s', (siteId, expected) => {
    expect(canAccessSite([12, 40], siteId)).toBe(expected);
  });

  it('no sites, no access', () => {
    expect(canAccessSite([], 12)).toBe(false);
  });
});
