import { describe, expect, it } from 'vitest';
import {
  validateActivation,
  validateChangePassword,
  validateForgotPassword,
  validateLogin,
  validateResetPassword,
  validateSignUp,
} from './auth-forms.ts';
import {
  ACCOUNT_NAME_REQUIRED,
  EMAIL_NOT_VALID,
  FULL_NAME_REQUIRED,
  LOGIN_ERROR_INVALID_LENGTH,
  LOGIN_ERROR_NOT_SAME,
  PASSWORD_NOT_STRONG,
  PASSWORD_REQUIRED,
} from './messages.ts';

const STRONG = 'DemoPaddock#2026';

describe('§5 login: accountName and password required; trimmed before submit', () => {
  it.each([
    [
      { accountName: 'ops@paddock.nz', password: 'secret' },
      { accountName: 'ops@paddock.nz', password: 'secret' },
    ],
    [
      { accountName: '  ops@paddock.nz ', password: ' secret\t' },
      { accountName: 'ops@paddock.nz', password: 'secret' },
    ],
  ])('%j is valid and submitted as %j', (form, value) => {
    expect(validateLogin(form)).toEqual({ ok: true, value });
  });

  it.each([
    [{ accountName: '', password: 'x' }, { accountName: ACCOUNT_NAME_REQUIRED }],
    [{ accountName: '   ', password: 'x' }, { accountName: ACCOUNT_NAME_REQUIRED }],
    [{ accountName: 'ops', password: '' }, { password: PASSWORD_REQUIRED }],
    [
      { accountName: '', password: '  ' },
      { accountName: ACCOUNT_NAME_REQUIRED, password: PASSWORD_REQUIRED },
    ],
  ])('%j → %j', (form, errors) => {
    expect(validateLogin(form)).toEqual({ ok: false, errors });
  });
});

describe('§5 forgot password: email required, valid (The email address is not valid)', () => {
  it.each<
    [string, { ok: true; value: { email: string } } | { ok: false; errors: { email: string } }]
  >([
    ['ops@paddock.nz', { ok: true, value: { email: 'ops@paddock.nz' } }],
    [' ops@paddock.nz ', { ok: true, value: { email: 'ops@paddock.nz' } }],
    ['', { ok: false, errors: { email: 'The email address is not valid' } }],
    ['ops@paddock', { ok: false, errors: { email: EMAIL_NOT_VALID } }],
  ])('%j', (email, result) => {
    expect(validateForgotPassword({ email })).toEqual(result);
  });
});

describe('§5 change password: both minimum 6 (Login.Error.InvalidLength); re-entry must match (Login.Error.NotSame)', () => {
  it.each<[string, string, Record<string, string> | null]>([
    ['123456', '123456', null],
    ['abcdefgh', 'abcdefgh', null],
    [
      '12345',
      '12345',
      { newPassword: 'Login.Error.InvalidLength', confirmPassword: 'Login.Error.InvalidLength' },
    ],
    [
      '12345',
      '123456',
      { newPassword: LOGIN_ERROR_INVALID_LENGTH, confirmPassword: LOGIN_ERROR_NOT_SAME },
    ],
    ['123456', '12345', { confirmPassword: LOGIN_ERROR_INVALID_LENGTH }],
    ['123456', '123457', { confirmPassword: 'Login.Error.NotSame' }],
    [
      '',
      '',
      { newPassword: LOGIN_ERROR_INVALID_LENGTH, confirmPassword: LOGIN_ERROR_INVALID_LENGTH },
    ],
    ['12345 ', '12345 ', null],
    ['abcde😀', 'abcde😀', null],
  ])('%j / %j', (newPassword, confirmPassword, errors) => {
    const result = validateChangePassword({ newPassword, confirmPassword });
    if (errors === null)
      expect(result).toEqual({ ok: true, value: { newPassword, confirmPassword } });
    else expect(result).toEqual({ ok: false, errors });
  });
});

describe('§5 reset password: strong password plus confirmation', () => {
  it.each<[string, string, Record<string, string> | null]>([
    [STRONG, STRONG, null],
    [STRONG, 'DemoPaddock#2027', { confirmPassword: LOGIN_ERROR_NOT_SAME }],
    ['weakpass', 'weakpass', { newPassword: PASSWORD_NOT_STRONG }],
    ['', 'x', { newPassword: PASSWORD_NOT_STRONG, confirmPassword: LOGIN_ERROR_NOT_SAME }],
  ])('%j / %j', (newPassword, confirmPassword, errors) => {
    const result = validateResetPassword({ newPassword, confirmPassword });
    if (errors === null) expect(result.ok).toBe(true);
    else expect(result).toEqual({ ok: false, errors });
  });
});

describe('§5 activation: full name required; strong password; confirmation equals', () => {
  it('valid form returns the trimmed full name', () => {
    expect(
      validateActivation({
        accountName: '  Ana Ruiz ',
        newPassword: STRONG,
        confirmPassword: STRONG,
      }),
    ).toEqual({
      ok: true,
      value: { accountName: 'Ana Ruiz', newPassword: STRONG, confirmPassword: STRONG },
    });
  });

  it.each<[string, string, string, Record<string, string>]>([
    ['', STRONG, STRONG, { accountName: FULL_NAME_REQUIRED }],
    ['   ', STRONG, STRONG, { accountName: FULL_NAME_REQUIRED }],
    ['Ana', 'Short1!', 'Short1!', { newPassword: PASSWORD_NOT_STRONG }],
    ['Ana', STRONG, STRONG + ' ', { confirmPassword: LOGIN_ERROR_NOT_SAME }],
    [
      '',
      'x',
      'y',
      {
        accountName: FULL_NAME_REQUIRED,
        newPassword: PASSWORD_NOT_STRONG,
        confirmPassword: LOGIN_ERROR_NOT_SAME,
      },
    ],
  ])('%j / %j / %j', (accountName, newPassword, confirmPassword, errors) => {
    expect(validateActivation({ accountName, newPassword, confirmPassword })).toEqual({
      ok: false,
      errors,
    });
  });
});

describe('§5 sign-up: full name required; strong password; confirmation equals', () => {
  it('valid form returns the trimmed full name under fullName', () => {
    expect(
      validateSignUp({ fullName: ' Ana ', newPassword: STRONG, confirmPassword: STRONG }),
    ).toEqual({
      ok: true,
      value: { fullName: 'Ana', newPassword: STRONG, confirmPassword: STRONG },
    });
  });

  it.each<[string, string, string, Record<string, string>]>([
    ['', STRONG, STRONG, { fullName: FULL_NAME_REQUIRED }],
    ['Ana', 'alllowercase1', 'alllowercase1', { newPassword: PASSWORD_NOT_STRONG }],
    ['Ana', STRONG, '', { confirmPassword: LOGIN_ERROR_NOT_SAME }],
  ])('%j / %j / %j', (fullName, newPassword, confirmPassword, errors) => {
    expect(validateSignUp({ fullName, newPassword, confirmPassword })).toEqual({
      ok: false,
      errors,
    });
  });
});
