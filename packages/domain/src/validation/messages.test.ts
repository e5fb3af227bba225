import { describe, expect, it } from 'vitest';
import {
  ACTIVATION_FAILED,
  ACTIVATION_NETWORK_ERROR,
  ACTIVATION_SUCCESS,
  ACTIVATION_TOKEN_INVALID,
  ACTIVATION_TOKEN_MISSING,
  CHANGE_PASSWORD_FAILED,
  CHANGE_PASSWORD_SUCCESS,
  CONFIG_API_BASE_URL_INVALID,
  CONFIG_AWS_REGION_INVALID,
  CONFIG_BANNER,
  CONFIG_BUGSNAG_KEY_INVALID,
  CONFIG_ENVIRONMENT_INVALID,
  CONFIG_FETCH_FAILED,
  FORGOT_PASSWORD_USER_NOT_FOUND,
  INVITATION_EXPIRED,
  MAINTENANCE_BANNER,
  RECOVERY_LINK_EXPIRED,
  RESET_FAILED,
  RESET_NETWORK_ERROR,
  RESET_SUCCESS,
  RESET_TOKEN_MISSING,
  SIGNUP_COMPLETED,
  contactNoValidSiteMessage,
  loginErrorKey,
  signupCheckErrorKey,
  signupErrorKey,
  signupResendErrorKey,
  switchUserErrorKey,
} from './messages.ts';
import type { ResponseStatus } from './messages.ts';

describe('§8 login error key by status', () => {
  it.each<[ResponseStatus, string]>([
    [400, 'Login.Error.Invalid'],
    [401, 'Login.Error.PasswordInvalid'],
    [403, 'Login.Error.AccessDenied'],
    [404, 'Login.Error.NotFound'],
    [500, 'Login.Error.General'],
    [409, 'Login.Error.General'],
    [0, 'Login.Error.General'],
    [undefined, 'Login.Error.NoConnection'],
  ])('%s → %s', (status, key) => {
    expect(loginErrorKey(status)).toBe(key);
  });
});

describe('§8 switch user: same as login except 403 is General', () => {
  it.each<[ResponseStatus, string]>([
    [400, 'Login.Error.Invalid'],
    [401, 'Login.Error.PasswordInvalid'],
    [403, 'Login.Error.General'],
    [404, 'Login.Error.NotFound'],
    [502, 'Login.Error.General'],
    [undefined, 'Login.Error.NoConnection'],
  ])('%s → %s', (status, key) => {
    expect(switchUserErrorKey(status)).toBe(key);
  });
});

describe('§8 sign-up (Signup.Error) by status', () => {
  it.each<[ResponseStatus, string]>([
    [400, 'Signup.Error.Invalid'],
    [401, 'Signup.Error.PasswordInvalid'],
    [403, 'Signup.Error.General'],
    [404, 'Signup.Error.NotFound'],
    [500, 'Signup.Error.General'],
    [undefined, 'Signup.Error.NoConnection'],
  ])('%s → %s', (status, key) => {
    expect(signupErrorKey(status)).toBe(key);
  });
});

describe('§8 sign-up resend: 500 gives SignUp.Error.AlreadyCompleted', () => {
  it.each<[ResponseStatus, string]>([
    [500, 'SignUp.Error.AlreadyCompleted'],
    [409, 'SignUp.Error.AlreadyCompleted'],
    [400, 'Signup.Error.General'],
    [404, 'Signup.Error.General'],
    [503, 'Signup.Error.General'],
    [undefined, 'Signup.Error.NoConnection'],
  ])('%s → %s', (status, key) => {
    expect(signupResendErrorKey(status)).toBe(key);
  });
});

describe('§8 sign-up check: 404 or 400 gives SignUp.Error.TokenExpired', () => {
  it.each<[ResponseStatus, string]>([
    [404, 'SignUp.Error.TokenExpired'],
    [400, 'SignUp.Error.TokenExpired'],
    [401, 'Signup.Error.General'],
    [500, 'Signup.Error.General'],
    [undefined, 'Signup.Error.NoConnection'],
  ])('%s → %s', (status, key) => {
    expect(signupCheckErrorKey(status)).toBe(key);
  });
});

describe('§8 messages are verbatim, spelling included', () => {
  it.each<[string, string]>([
    [CONFIG_FETCH_FAILED, 'Failed to Fetch from the Server'],
    [CONFIG_ENVIRONMENT_INVALID, 'Missing or Invalid Environment Property'],
    [CONFIG_BUGSNAG_KEY_INVALID, 'Missing or Invalid Bugsnag API Key Property'],
    [CONFIG_API_BASE_URL_INVALID, 'Missing or Invalid API Base Url Property'],
    [CONFIG_AWS_REGION_INVALID, 'Missing or Invalid AWS Region Property'],
    [CONFIG_BANNER, 'Error: Failed to Request the Application Configuration'],
    [ACTIVATION_TOKEN_INVALID, 'Error: Invalid Activation token'],
    [
      ACTIVATION_TOKEN_MISSING,
      'Error: Activation token is missing, please contact your site admin.',
    ],
    [ACTIVATION_FAILED, 'Error: Activating the account failed, please contact your site admin.'],
    [ACTIVATION_NETWORK_ERROR, 'Error: Activating your account, please contact your site admin'],
    [
      RESET_TOKEN_MISSING,
      'Error: Reset Password token is missing, please contact your site admin.',
    ],
    [RESET_FAILED, 'Error: Resetting the password failed.'],
    [RESET_NETWORK_ERROR, 'Error: Resetting the password, please contact your site admin'],
    [CHANGE_PASSWORD_FAILED, 'Oh snap! Something went wrong!'],
    [FORGOT_PASSWORD_USER_NOT_FOUND, 'Sorry. We could not find the user in our system.'],
    [
      RECOVERY_LINK_EXPIRED,
      'Oops, a bit too late. It seems your password recovery link has expired. Please try again.',
    ],
    [
      INVITATION_EXPIRED,
      'Your Invitation has expired. Please contact your site administrator to recieve a new invite.',
    ],
    [ACTIVATION_SUCCESS, 'Account Activated successfully, Redirecting to login'],
    [RESET_SUCCESS, 'Password Reset successfully, Redirecting to login'],
    [CHANGE_PASSWORD_SUCCESS, 'Your password has been updated successfully.'],
    [SIGNUP_COMPLETED, 'SignUp Completed'],
    [MAINTENANCE_BANNER, 'Scheduled Maintence has begun and may impact some Services.'],
  ])('%s', (actual, expected) => {
    expect(actual).toBe(expected);
  });

  it('§8 no valid site names the product', () => {
    expect(contactNoValidSiteMessage('Paddock')).toBe(
      'An Error has occurred, please contact Paddock support',
    );
  });
});
