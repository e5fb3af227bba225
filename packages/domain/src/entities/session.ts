/**
 * Session and authentication (§3, §7): the token set, stored credentials, session state and the
 * bodies of the auth calls. Password strength and form messages are the validation rules' (§5).
 */
import { z } from 'zod';
import {
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  TOKEN_MAX_LENGTH,
  WORD_MAX_LENGTH,
} from '../constants/limits.ts';
import {
  emailSchema,
  idSchema,
  nonEmptyStringSchema,
  nonEmptyTextSchema,
  trimmedTextSchema,
} from './primitives.ts';
import { auditPersonSchema, type AuditPerson } from './user.ts';
import { signupStatusSchema } from './vocabulary.ts';

/** A token of any kind: access, refresh, activation, reset, invitation. */
const tokenSchema = nonEmptyTextSchema(TOKEN_MAX_LENGTH);
/** A password as typed; its strength is the validation rules' (§5). */
const passwordSchema = nonEmptyTextSchema(PASSWORD_MAX_LENGTH);
/** A login name as typed (an email, trimmed). */
const loginNameSchema = trimmedTextSchema(EMAIL_MAX_LENGTH);
/** A person's name as typed, trimmed. */
const personNameSchema = trimmedTextSchema(NAME_MAX_LENGTH);

/**
 * A body sent from an emailed link (account activation, password reset, invitation sign-up): the
 * link's token is what proves who sends it.
 */
const linkBodySchema = z.strictObject({ token: tokenSchema });

/** Epoch milliseconds. */
const epochMsSchema = z.number().int().nonnegative();

/**
 * Who is signed in and the token they hold (§3, §7): the login answer, the stored record and a
 * recovery link carry them alike.
 */
const identityAndToken = {
  loginId: nonEmptyStringSchema,
  identityId: nonEmptyStringSchema,
  identityPoolId: nonEmptyStringSchema,
  token: tokenSchema,
};

/** POST {login host}/user/login response (§7): the identity and a token; refresh and expiry are ours. */
export const tokenSetSchema = z.object({
  ...identityAndToken,
  /** Ours: used to refresh an expired token once (§5). */
  refreshToken: tokenSchema,
  /** Ours: when the token expires, epoch ms. */
  expiresAt: epochMsSchema,
});
export type TokenSet = z.infer<typeof tokenSetSchema>;

/**
 * The stored auth record (§3, §5): valid only with non-empty string loginId, identityId,
 * identityPoolId and token, and unexpired.
 */
export const storedAuthSchema = z.object({
  ...identityAndToken,
  expiresAt: epochMsSchema,
  /** The user's uid (§3 browser storage "auth (uid, loginId)"), when known. */
  uid: nonEmptyStringSchema.optional(),
});
export type StoredAuth = z.infer<typeof storedAuthSchema>;

/** Cloud region the login host serves, e.g. ap-southeast-2. */
const regionSchema = nonEmptyTextSchema(WORD_MAX_LENGTH);

/** POST {login host}/user/login (§7). */
export const loginBodySchema = z.strictObject({
  user: loginNameSchema,
  password: passwordSchema,
  region: regionSchema,
});
export type LoginBody = z.infer<typeof loginBodySchema>;

/** POST user/login/as (§7): act as another user (needs loginAs, §6). */
export const loginAsBodySchema = z.strictObject({ user: loginNameSchema, region: regionSchema });
export type LoginAsBody = z.infer<typeof loginAsBodySchema>;

/** Session state (§3), with the fields as the spec names them. */
export const sessionStateSchema = z.object({
  /** The login remembered with remember-me (§5). */
  lastUser: z.string().nullable(),
  login: storedAuthSchema.nullable(),
  valid: z.boolean(),
  loading: z.boolean(),
  error: z.string().nullable(),
  /** True once the invitation sign-up completed. */
  signup: z.boolean(),
  signupLoading: z.boolean(),
  signupError: z.string().nullable(),
  /** stats.signupStatus from the sign-up status check. */
  checkSignup: signupStatusSchema.nullable(),
  checkSignupLoading: z.boolean(),
  checkSignupError: z.string().nullable(),
});
export type SessionState = z.infer<typeof sessionStateSchema>;

/** Ours: POST user/refresh, trading a refresh token for a new token set (§5 refresh once). */
export const refreshBodySchema = z.strictObject({ refreshToken: tokenSchema });
export type RefreshBody = z.infer<typeof refreshBodySchema>;

/** Ours: GET users/sign-up/status?token= (the path is not shown, §7). */
export const signupStatusQuerySchema = z.object({ token: tokenSchema });
export type SignupStatusQuery = z.infer<typeof signupStatusQuerySchema>;

/**
 * The sign-up status check (path not shown, §7): the invited user's stats.signupStatus (§3),
 * and, ours, who was invited to which site, so the page can show it.
 */
export const signupStatusResponseSchema = z.object({
  stats: z.object({ signupStatus: signupStatusSchema }),
  email: z.email(),
  fullName: z.string(),
  siteId: idSchema,
});
export type SignupStatusResponse = z.infer<typeof signupStatusResponseSchema>;

/**
 * POST users/sign-up/complete (§7). The spec shows fullName and newPassword; the invitation
 * token from the sign-up link (§2 query token) is what proves who is signing up.
 */
export const signUpCompleteBodySchema = linkBodySchema.extend({
  fullName: personNameSchema,
  newPassword: passwordSchema,
});
export type SignUpCompleteBody = z.infer<typeof signUpCompleteBodySchema>;

/** Ours: the sign-up complete response; the page then shows 'SignUp Completed' (§8). */
export const signUpCompleteResponseSchema = z.object({ status: signupStatusSchema });
export type SignUpCompleteResponse = z.infer<typeof signUpCompleteResponseSchema>;

/** POST /users/find-by-email (§7). */
export const findByEmailBodySchema = z.strictObject({ email: emailSchema });
export type FindByEmailBody = z.infer<typeof findByEmailBodySchema>;

/**
 * Ours: the user POST /users/find-by-email found (its response is not shown, §7), named as the
 * audit trail names a person: user id, login and name.
 */
export const foundUserSchema = auditPersonSchema;
export type FoundUser = AuditPerson;

/** POST {api}/login/account-activation/validate (§7). */
export const activationValidateBodySchema = linkBodySchema;
export type ActivationValidateBody = z.infer<typeof activationValidateBodySchema>;

/** Response of activation validate (§7): status, message, and the invited email and name. */
export const activationValidateResponseSchema = z.object({
  status: z.string(),
  message: z.string().nullable().optional(),
  email: z.email(),
  name: z.string(),
});
export type ActivationValidateResponse = z.infer<typeof activationValidateResponseSchema>;

/** POST {api}/login/account-activation/finish (§7): 204 on success. */
export const activationFinishBodySchema = linkBodySchema.extend({
  password: passwordSchema,
  name: personNameSchema,
});
export type ActivationFinishBody = z.infer<typeof activationFinishBodySchema>;

/** POST {api}/login/reset-password/begin (§7). */
export const resetPasswordBeginBodySchema = z.strictObject({
  email: emailSchema,
  legacy: z.boolean(),
});
export type ResetPasswordBeginBody = z.infer<typeof resetPasswordBeginBodySchema>;

/** POST {api}/login/reset-password/finish (§7): 204 on success. */
export const resetPasswordFinishBodySchema = linkBodySchema.extend({ newPassword: passwordSchema });
export type ResetPasswordFinishBody = z.infer<typeof resetPasswordFinishBodySchema>;

/** POST /user/change-password (§7, authenticated). */
export const changePasswordBodySchema = z.strictObject({ password: passwordSchema });
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

/** Recovery authentication (§3, §7): the recovery link's token and identity. */
export const recoveryTokenSchema = z.object(identityAndToken);
export type RecoveryToken = z.infer<typeof recoveryTokenSchema>;

/**
 * POST {api}/login/recovery (§7 "Recovery authentication sends token, identityId, loginId,
 * identityPoolId"): the recovery link as the console read it, nothing more.
 */
export const recoveryBodySchema = z.strictObject(identityAndToken);
export type RecoveryBody = z.infer<typeof recoveryBodySchema>;

/**
 * An error response body (§7 "JSON with message and detail list"), the one the server sends for
 * every failure and the console reads: field names the bad input, location where it was (body,
 * querystring, params), reason what is wrong with it.
 */
export const apiErrorBodySchema = z.object({
  statusCode: z.number().int().optional(),
  /** The status's text, e.g. 'Bad Request'. */
  error: z.string().optional(),
  message: z.string(),
  detail: z.array(z.string()).optional(),
  field: z.string().optional(),
  location: z.string().optional(),
  reason: z.string().optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;
