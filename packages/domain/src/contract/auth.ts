/**
 * Authentication (§7): signing in and out (user/login, user/refresh, user/logout, user/login/as),
 * passwords (user/change-password, login/reset-password/begin and /finish, login/recovery),
 * accounts made by someone else (login/account-activation/validate and /finish,
 * users/sign-up/status and /complete) and users/find-by-email. Most are open: they are how a session begins.
 */
import {
  activationFinishBodySchema,
  activationValidateBodySchema,
  activationValidateResponseSchema,
  changePasswordBodySchema,
  findByEmailBodySchema,
  foundUserSchema,
  loginAsBodySchema,
  loginBodySchema,
  recoveryBodySchema,
  refreshBodySchema,
  resetPasswordBeginBodySchema,
  resetPasswordFinishBodySchema,
  signUpCompleteBodySchema,
  signUpCompleteResponseSchema,
  signupStatusQuerySchema,
  signupStatusResponseSchema,
  tokenSetSchema,
} from '../entities/session.ts';
import { RECOVERY_LINK_EXPIRED } from '../validation/messages.ts';
import { defineEndpoint } from './endpoint.ts';
import { noContentSchema } from './no-content.ts';

/**
 * Failed sign-ins one account may take from one client address in a throttle window (15
 * minutes): enough for typos, far too few to guess. Counted per address, so a guesser never locks
 * the owner out of their own; a success clears it.
 */
export const MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS = 5;
/** Failed sign-ins and password reset requests one client address may make, across accounts. */
export const MAX_FAILURES_PER_ADDRESS = 20;
/**
 * Reset emails one email address may be asked for in a window, so nobody can flood a mailbox;
 * counted alike whether an account has the address or not.
 */
export const MAX_RESET_EMAILS_PER_ACCOUNT = 5;

export const authEndpoints = {
  login: defineEndpoint({
    method: 'POST',
    path: '/user/login',
    tag: 'auth',
    auth: 'none',
    summary: 'Sign in with login and password: a token set (§7)',
    description:
      "401 'Wrong login or password' alike for a wrong password, an unknown login and an " +
      'account not yet activated, in the same time, so sign-in tells nobody who has an ' +
      'account; 403 when the right password opens no site; 429 after ' +
      `${MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS} failures for the login from the address, or ` +
      `${MAX_FAILURES_PER_ADDRESS} from the address across accounts, within 15 minutes (the ` +
      'owner signing in from another address is not refused).',
    body: loginBodySchema,
    responses: { 200: tokenSetSchema },
  }),
  refresh: defineEndpoint({
    method: 'POST',
    path: '/user/refresh',
    tag: 'auth',
    auth: 'none',
    summary: 'Trade the refresh token for a new token set (ours, §5 refresh once)',
    description:
      'The refresh token rotates: each one works once. Presenting one that was already ' +
      'rotated away revokes the whole session (it was copied). Unknown, revoked, expired or ' +
      'reused → 401.',
    body: refreshBodySchema,
    responses: { 200: tokenSetSchema },
  }),
  logout: defineEndpoint({
    method: 'POST',
    path: '/user/logout',
    tag: 'auth',
    summary: 'End the session: its access and refresh tokens stop working (ours)',
    responses: { 204: noContentSchema },
  }),
  loginAs: defineEndpoint({
    method: 'POST',
    path: '/user/login/as',
    tag: 'auth',
    summary: 'Act as another user (Switch User, needs loginAs, §6): their token set',
    description:
      'The caller needs loginAs (user-level, or on a site) and the user must belong to a site ' +
      'where the caller has it; otherwise 403, or 404 when no such user is on those sites. ' +
      'Users who hold loginAs themselves cannot be acted as (403). The new session records ' +
      'the actor, and every switch is written to the audit log.',
    body: loginAsBodySchema,
    responses: { 200: tokenSetSchema },
  }),
  changePassword: defineEndpoint({
    method: 'POST',
    path: '/user/change-password',
    tag: 'auth',
    summary: "Change the caller's password (§7); other sessions end",
    description:
      'At least 6 characters (§5 change password). Refused (403) while acting as another ' +
      'user through login/as: staff may look, not take the account over.',
    body: changePasswordBodySchema,
    responses: { 204: noContentSchema },
  }),
  beginPasswordReset: defineEndpoint({
    method: 'POST',
    path: '/login/reset-password/begin',
    tag: 'auth',
    auth: 'none',
    summary: 'Email a single-use password reset link (§7)',
    description:
      '204 whether or not an account has the email, in the same time, so the call tells ' +
      "nobody who has one; an account's link is sent after the answer and expires in 1 hour. " +
      `429 after ${MAX_RESET_EMAILS_PER_ACCOUNT} requests for one email, or ` +
      `${MAX_FAILURES_PER_ADDRESS} requests and failed sign-ins from one address, in 15 minutes.`,
    body: resetPasswordBeginBodySchema,
    responses: { 204: noContentSchema },
  }),
  finishPasswordReset: defineEndpoint({
    method: 'POST',
    path: '/login/reset-password/finish',
    tag: 'auth',
    auth: 'none',
    summary: 'Set a new password with the emailed reset token (§7); every session ends',
    description:
      '400 with the failed strong-password rules as detail (the token stays usable); ' +
      '401 when the token is unknown, used or expired.',
    body: resetPasswordFinishBodySchema,
    responses: { 204: noContentSchema },
  }),
  recover: defineEndpoint({
    method: 'POST',
    path: '/login/recovery',
    tag: 'auth',
    auth: 'none',
    summary: "Sign in with a recovery link's token and identity (§7 recovery authentication)",
    description:
      'The token is an emailed reset token (login/reset-password/begin), and the identity ' +
      "that of its user (the token set's identityId, loginId and identityPoolId). It is used " +
      'up, and a new session begins, in which the user sets a new password (/changepassword). ' +
      `401 '${RECOVERY_LINK_EXPIRED}' when the token is unknown, used, expired or of ` +
      'another identity; 403 when the account has no access to any site.',
    body: recoveryBodySchema,
    responses: { 200: tokenSetSchema },
  }),
  validateActivation: defineEndpoint({
    method: 'POST',
    path: '/login/account-activation/validate',
    tag: 'auth',
    auth: 'none',
    summary: 'Check an activation link and say whose account it is (§7)',
    description: '401 when the token is unknown, used or expired (§8 Invalid Activation token).',
    body: activationValidateBodySchema,
    responses: { 200: activationValidateResponseSchema },
  }),
  finishActivation: defineEndpoint({
    method: 'POST',
    path: '/login/account-activation/finish',
    tag: 'auth',
    auth: 'none',
    summary: 'Activate the account: name and strong password (§7)',
    description:
      '204; 400 with the failed password rules as detail (the token stays usable); 401 ' +
      "invalid token. The user's pending invitations become completed.",
    body: activationFinishBodySchema,
    responses: { 204: noContentSchema },
  }),
  getSignupStatus: defineEndpoint({
    method: 'GET',
    path: '/users/sign-up/status',
    tag: 'auth',
    auth: 'none',
    summary: "An invitation's sign-up status (path ours; §7 signup status check)",
    description:
      'stats.signupStatus is sent, resent, completed or revoked (§3); a completed or revoked ' +
      'invitation answers so even after its link expired. 400 when the token is unknown, or ' +
      'still open but expired (§8 SignUp.Error.TokenExpired).',
    query: signupStatusQuerySchema,
    responses: { 200: signupStatusResponseSchema },
  }),
  completeSignup: defineEndpoint({
    method: 'POST',
    path: '/users/sign-up/complete',
    tag: 'auth',
    auth: 'none',
    summary: 'Accept an invitation: full name and strong password (§7)',
    description:
      '200 {status: completed}. 400 with the failed password rules as detail (the token stays ' +
      'usable); 404 when the invitation is unknown, revoked, used or expired (Signup.Error.' +
      'NotFound; 401 would read as a wrong password to the console, §8).',
    body: signUpCompleteBodySchema,
    responses: { 200: signUpCompleteResponseSchema },
  }),
  findUserByEmail: defineEndpoint({
    method: 'POST',
    path: '/users/find-by-email',
    tag: 'auth',
    summary: 'Find a user by login email (§7)',
    description:
      'Only users on a site where the caller has viewUsers; anyone else is 404, like a user ' +
      'that does not exist.',
    body: findByEmailBodySchema,
    responses: { 200: foundUserSchema },
  }),
};
