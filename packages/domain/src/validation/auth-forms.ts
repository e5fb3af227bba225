/** §5 validation of the authentication forms (§2): login, forgot, change, activation, sign-up, reset. */
import { MIN_PASSWORD_LENGTH_ON_CHANGE } from '../constants/thresholds.ts';
import { isEmail } from './email.ts';
import {
  ACCOUNT_NAME_REQUIRED,
  EMAIL_NOT_VALID,
  FULL_NAME_REQUIRED,
  LOGIN_ERROR_INVALID_LENGTH,
  LOGIN_ERROR_NOT_SAME,
  PASSWORD_NOT_STRONG,
  PASSWORD_REQUIRED,
} from './messages.ts';
import { toResult } from './result.ts';
import type { FieldErrors, ValidationResult } from './result.ts';
import { isStrongPassword } from './strong-password.ts';

export interface LoginForm {
  readonly accountName: string;
  readonly password: string;
}

/** §5 Login: accountName and password required; both trimmed before submit (the trimmed values are returned). */
export function validateLogin(form: LoginForm): ValidationResult<LoginForm> {
  const value = { accountName: form.accountName.trim(), password: form.password.trim() };
  const errors: FieldErrors<keyof LoginForm> = {};
  if (value.accountName === '') errors.accountName = ACCOUNT_NAME_REQUIRED;
  if (value.password === '') errors.password = PASSWORD_REQUIRED;
  return toResult(value, errors);
}

export interface ForgotPasswordForm {
  readonly email: string;
}

/**
 * §5 Forgot password: email required and valid. The spec gives one message; an empty address is
 * not a valid one, so both cases show 'The email address is not valid'. Surrounding spaces are
 * trimmed.
 */
export function validateForgotPassword(
  form: ForgotPasswordForm,
): ValidationResult<ForgotPasswordForm> {
  const email = form.email.trim();
  return toResult({ email }, isEmail(email) ? {} : { email: EMAIL_NOT_VALID });
}

export interface ChangePasswordForm {
  readonly newPassword: string;
  /** The re-entry. */
  readonly confirmPassword: string;
}

/**
 * §5 Change password: both fields at least 6 characters (Login.Error.InvalidLength); the re-entry
 * must match (Login.Error.NotSame). A too-short re-entry reports its length first. Passwords are
 * taken as typed, never trimmed.
 */
export function validateChangePassword(
  form: ChangePasswordForm,
): ValidationResult<ChangePasswordForm> {
  const errors: FieldErrors<keyof ChangePasswordForm> = {};
  if (charCount(form.newPassword) < MIN_PASSWORD_LENGTH_ON_CHANGE)
    errors.newPassword = LOGIN_ERROR_INVALID_LENGTH;
  if (charCount(form.confirmPassword) < MIN_PASSWORD_LENGTH_ON_CHANGE) {
    errors.confirmPassword = LOGIN_ERROR_INVALID_LENGTH;
  } else if (form.confirmPassword !== form.newPassword) {
    errors.confirmPassword = LOGIN_ERROR_NOT_SAME;
  }
  return toResult({ newPassword: form.newPassword, confirmPassword: form.confirmPassword }, errors);
}

export interface ResetPasswordForm {
  readonly newPassword: string;
  readonly confirmPassword: string;
}

/**
 * §5 Reset password: strong password plus confirmation. The spec words no mismatch message for
 * these forms; we reuse the change-password key Login.Error.NotSame, which means the same thing.
 */
export function validateResetPassword(
  form: ResetPasswordForm,
): ValidationResult<ResetPasswordForm> {
  const errors: FieldErrors<keyof ResetPasswordForm> = {};
  if (!isStrongPassword(form.newPassword)) errors.newPassword = PASSWORD_NOT_STRONG;
  if (form.confirmPassword !== form.newPassword) errors.confirmPassword = LOGIN_ERROR_NOT_SAME;
  return toResult({ newPassword: form.newPassword, confirmPassword: form.confirmPassword }, errors);
}

/** §3 Activation form: accountName holds the full name. */
export interface ActivationForm extends ResetPasswordForm {
  readonly accountName: string;
}

/** §5 Activation: full name required (trimmed), strong password, confirmation equals it. */
export function validateActivation(form: ActivationForm): ValidationResult<ActivationForm> {
  const accountName = form.accountName.trim();
  const password = validateResetPassword(form);
  const errors: FieldErrors<keyof ActivationForm> = password.ok ? {} : { ...password.errors };
  if (accountName === '') errors.accountName = FULL_NAME_REQUIRED;
  return toResult({ ...form, accountName }, errors);
}

/** §2/§7 Invitation sign-up: completes with fullName and newPassword. */
export interface SignUpForm extends ResetPasswordForm {
  readonly fullName: string;
}

/** §5 Sign-up: the same rules as activation, on the sign-up field names. */
export function validateSignUp(form: SignUpForm): ValidationResult<SignUpForm> {
  const result = validateActivation({ ...form, accountName: form.fullName });
  if (result.ok) return { ok: true, value: { ...form, fullName: result.value.accountName } };
  const { accountName, ...rest } = result.errors;
  return {
    ok: false,
    errors: accountName === undefined ? rest : { ...rest, fullName: accountName },
  };
}

/** Length in characters (code points), so an emoji counts once. */
function charCount(text: string): number {
  return [...text].length;
}
