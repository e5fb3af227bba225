import { describe, expect, it } from 'vitest';
import {
  activationFinishBodySchema,
  activationValidateBodySchema,
  activationValidateResponseSchema,
  apiErrorBodySchema,
  changePasswordBodySchema,
  findByEmailBodySchema,
  foundUserSchema,
  loginAsBodySchema,
  loginBodySchema,
  recoveryTokenSchema,
  refreshBodySchema,
  resetPasswordBeginBodySchema,
  resetPasswordFinishBodySchema,
  sessionStateSchema,
  signUpCompleteBodySchema,
  signUpCompleteResponseSchema,
  signupStatusQuerySchema,
  signupStatusResponseSchema,
  storedAuthSchema,
  tokenSetSchema,
} from './session.ts';

const identity = {
  loginId: 'aroha@teawa.example.nz',
  identityId: 'ap-southeast-2:6f1c2d3e-0000-4000-8000-000000000800',
  identityPoolId: 'ap-southeast-2:pool-1',
  token: 'eyJraWQiOiJ0ZXN0In0.payload.signature',
};

describe('§3 §7 token set and stored auth', () => {
  it('a login response carries the identity, a refresh token and an expiry', () => {
    const tokens = { ...identity, refreshToken: 'r-1', expiresAt: 1_725_170_400_000 };
    expect(tokenSetSchema.parse(tokens)).toEqual(tokens);
  });

  it.each([
    ['the stored record', { ...identity, expiresAt: 1_725_170_400_000 }, true],
    ['with the uid', { ...identity, uid: identity.identityId, expiresAt: 1_725_170_400_000 }, true],
    ['§5 an empty token', { ...identity, token: '', expiresAt: 1 }, false],
    ['§5 a numeric loginId', { ...identity, loginId: 42, expiresAt: 1 }, false],
    ['§5 no identity pool', { ...identity, identityPoolId: undefined, expiresAt: 1 }, false],
    ['no expiry', identity, false],
  ])('%s is accepted: %s', (_why, value, ok) => {
    expect(storedAuthSchema.safeParse(value).success).toBe(ok);
  });
});

describe('§7 login bodies', () => {
  it.each([
    [
      loginBodySchema,
      { user: 'aroha@teawa.example.nz', password: 'hunter2!', region: 'ap-southeast-2' },
      true,
    ],
    [loginBodySchema, { user: '   ', password: 'x', region: 'ap-southeast-2' }, false],
    [loginBodySchema, { user: 'aroha', password: 'x' }, false],
    [loginAsBodySchema, { user: 'jack@riverina.example.com.au', region: 'ap-southeast-2' }, true],
    [loginAsBodySchema, { user: 'jack@riverina.example.com.au' }, false],
  ])('%#: %j is accepted: %s', (schema, body, ok) => {
    expect(schema.safeParse(body).success).toBe(ok);
  });

  it('trims the user before it is sent (§5)', () => {
    expect(loginBodySchema.parse({ user: ' aroha ', password: 'p', region: 'r' }).user).toBe(
      'aroha',
    );
  });
});

describe('§3 session state', () => {
  const state = {
    lastUser: null,
    login: null,
    valid: false,
    loading: false,
    error: null,
    signup: false,
    signupLoading: false,
    signupError: null,
    checkSignup: null,
    checkSignupLoading: false,
    checkSignupError: null,
  };

  it.each([
    ['the initial state', state, true],
    [
      'signed in',
      { ...state, login: { ...identity, expiresAt: 1 }, valid: true, lastUser: 'aroha' },
      true,
    ],
    ['an invitation revoked', { ...state, checkSignup: 'revoked' }, true],
    ['an unknown sign-up status', { ...state, checkSignup: 'expired' }, false],
    ['a missing field', { ...state, valid: undefined }, false],
  ])('%s is accepted: %s', (_why, value, ok) => {
    expect(sessionStateSchema.safeParse(value).success).toBe(ok);
  });

  it.each([
    [
      {
        stats: { signupStatus: 'completed' },
        email: 'mere@teawa.example.nz',
        fullName: 'Mere',
        siteId: 3,
      },
      true,
    ],
    [{ stats: {}, email: 'mere@teawa.example.nz', fullName: 'Mere', siteId: 3 }, false],
    [{ stats: { signupStatus: 'sent' } }, false],
  ])('§3 sign-up status check %j is accepted: %s', (value, ok) => {
    expect(signupStatusResponseSchema.safeParse(value).success).toBe(ok);
  });
});

describe('§7 auth call bodies', () => {
  const token = 'abc123';
  const email = 'mere@teawa.example.nz';
  const name = 'Mere Tipene';
  const password = 'Str0ng!pass';
  const signUp = { token, fullName: name, newPassword: password };
  const activation = { token, password, name };
  const recovery = { token: 't', identityId: 'i', loginId: 'l', identityPoolId: 'p' };
  /** A body with one field left out. */
  const omit = (body: object, field: string) =>
    Object.fromEntries(Object.entries(body).filter(([key]) => key !== field));

  it.each([
    ['sign-up complete', signUpCompleteBodySchema, signUp, true],
    [
      'sign-up complete without name',
      signUpCompleteBodySchema,
      { ...signUp, fullName: ' ' },
      false,
    ],
    ['sign-up complete without token', signUpCompleteBodySchema, omit(signUp, 'token'), false],
    ['refresh', refreshBodySchema, { refreshToken: 'r-1' }, true],
    ['refresh without token', refreshBodySchema, { refreshToken: '' }, false],
    ['sign-up status query', signupStatusQuerySchema, { token }, true],
    ['sign-up complete response', signUpCompleteResponseSchema, { status: 'completed' }, true],
    ['found user', foundUserSchema, { id: 4, login: email, name }, true],
    ['found user without login', foundUserSchema, { id: 4, name }, false],
    ['find by email', findByEmailBodySchema, { email }, true],
    ['find by a bad email', findByEmailBodySchema, { email: 'mere' }, false],
    ['activation validate', activationValidateBodySchema, { token }, true],
    ['activation validate without token', activationValidateBodySchema, {}, false],
    ['activation finish', activationFinishBodySchema, activation, true],
    ['activation finish without name', activationFinishBodySchema, omit(activation, 'name'), false],
    ['reset begin', resetPasswordBeginBodySchema, { email, legacy: false }, true],
    ['reset begin without legacy', resetPasswordBeginBodySchema, { email }, false],
    ['reset finish', resetPasswordFinishBodySchema, { token, newPassword: password }, true],
    ['reset finish without token', resetPasswordFinishBodySchema, { newPassword: password }, false],
    ['change password', changePasswordBodySchema, { password: 'secret' }, true],
    ['change password empty', changePasswordBodySchema, { password: '' }, false],
    ['recovery token', recoveryTokenSchema, recovery, true],
    ['recovery token without pool', recoveryTokenSchema, omit(recovery, 'identityPoolId'), false],
  ])('%s is accepted: %s', (_why, schema, body, ok) => {
    expect(schema.safeParse(body).success).toBe(ok);
  });

  it.each([
    [{ status: 'valid', message: null, email: 'mere@teawa.example.nz', name: 'Mere Tipene' }, true],
    [{ status: 'valid', email: 'mere@teawa.example.nz', name: 'Mere Tipene' }, true],
    [{ status: 'valid', message: 'ok', name: 'Mere Tipene' }, false],
  ])('activation validate response %j is accepted: %s', (value, ok) => {
    expect(activationValidateResponseSchema.safeParse(value).success).toBe(ok);
  });

  it.each([
    [{ message: 'Activating the account failed', detail: ['Password too short'] }, true],
    [{ message: 'Invalid', field: 'email' }, true],
    [{ detail: ['x'] }, false],
    [{ message: 'x', detail: 'x' }, false],
  ])('error body %j is accepted: %s', (value, ok) => {
    expect(apiErrorBodySchema.safeParse(value).success).toBe(ok);
  });
});
