import { describe, expect, it } from 'vitest';
import { buildUser } from '../testing/factories.ts';
import {
  createUserPayloadSchema,
  personName,
  resendActivationBodySchema,
  userSchema,
  userStatsSchema,
} from './user.ts';

describe('§3 user', () => {
  it.each([
    ['a manager with a contact', buildUser()],
    [
      'an invited monitor not yet signed up',
      buildUser({
        id: 801,
        login: 'jack@riverina.example.com.au',
        contact: null,
        privileges: ['view'],
        stats: {
          activeAlarms: 0,
          subscribedAlarms: 0,
          signupStatus: 'sent',
          lastLogin: null,
          created: '2024-08-20T01:00:00Z',
        },
      }),
    ],
  ])('accepts %s', (_why, user) => {
    expect(userSchema.parse(user)).toEqual(user);
  });

  it.each([
    ['an unknown privilege', { privileges: ['view', 'superuser'] }],
    ['no uid', { uid: '' }],
    ['no stats', { stats: undefined }],
  ])('refuses %s', (_why, overrides) => {
    expect(userSchema.safeParse({ ...buildUser(), ...overrides }).success).toBe(false);
  });

  it.each([
    ['sent', true],
    ['resent', true],
    ['completed', true],
    ['revoked', true],
    [null, true],
    ['accepted', false],
  ])('§3 signup status %j is accepted: %s', (signupStatus, ok) => {
    const stats = { ...buildUser().stats, signupStatus };
    expect(userStatsSchema.safeParse(stats).success).toBe(ok);
  });
});

describe('§3 §7 POST users: create-user payload', () => {
  const payload = {
    siteId: 1,
    firstName: 'Mere',
    lastName: 'Tipene',
    locale: 'en-NZ',
    email: 'mere@teawa.example.nz',
    privileges: ['view'],
  };

  it('accepts a monitor invitation and trims names', () => {
    expect(createUserPayloadSchema.parse({ ...payload, firstName: '  Mere ' })).toEqual(payload);
  });

  it.each([
    ['a bad email', { email: 'mere@' }],
    ['a blank first name', { firstName: '   ' }],
    ['no last name', { lastName: undefined }],
    ['no privileges', { privileges: [] }],
    ['an unknown privilege', { privileges: ['root'] }],
    ['a text site id', { siteId: '1' }],
  ])('refuses %s', (_why, overrides) => {
    expect(createUserPayloadSchema.safeParse({ ...payload, ...overrides }).success).toBe(false);
  });

  it('POST /users/{userId}/resend-activation-email needs the siteId', () => {
    expect(resendActivationBodySchema.safeParse({ siteId: 1 }).success).toBe(true);
    expect(resendActivationBodySchema.safeParse({}).success).toBe(false);
  });
});

describe('how a user is named to people', () => {
  it.each([
    ['Ana', 'Ruiz', 'Ana Ruiz'],
    ['Ana', '', 'Ana'],
    ['', 'Ruiz', 'Ruiz'],
    ['', '', ''],
    [null, null, ''],
  ])('%j and %j: %j', (firstName, lastName, name) => {
    expect(personName({ firstName, lastName })).toBe(name);
  });
});
