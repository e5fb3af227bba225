/**
 * Zod-free checks of what the console reads before its first render (§4 start-up): the app
 * config's fields (§5), the stored auth record and the token set (§3, §5). The first load carries
 * no zod (initial JS budget, issue 5), so start-up validates with these. The app config schema is
 * built from the same predicates; the token set and stored auth schemas (session.ts) describe the
 * same records for the server, and tests keep both in agreement.
 */
import { isErrorReportingOn } from '../constants/environment.ts';
import type { ApiErrorBody, StoredAuth, TokenSet } from './session.ts';
import { isEnvironment } from './words.ts';

/** A non-empty text (labels, names, tokens): a string of at least one character. */
export function isNonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0;
}

/** Epoch milliseconds: a non-negative safe integer. */
export function isEpochMs(value: unknown): value is number {
  return Number.isSafeInteger(value) && (value as number) >= 0;
}

/**
 * Decision: an absolute http(s) URL or a same-origin path starting with '/', so one build can
 * talk to the server that serves it.
 */
export function isApiBaseUrl(value: unknown): value is string {
  return isNonEmptyString(value) && (value.startsWith('/') || /^https?:\/\/[^\s/]+/.test(value));
}

/**
 * Whether an error-reporting key suits an environment. §5 asks for a non-empty key, and §9 runs
 * error reporting only in testing, staging and production; decision: development, which reports
 * nothing, may send an empty key, so a newcomer's server needs no made-up key.
 */
export function isErrorReportingKeyValid(environment: unknown, key: unknown): boolean {
  if (typeof key !== 'string') return false;
  return key.trim().length > 0 || (isEnvironment(environment) && !isErrorReportingOn(environment));
}

/** The identity fields of a token set and a stored auth record, each a non-empty string (§5). */
const IDENTITY_FIELDS = ['loginId', 'identityId', 'identityPoolId', 'token'] as const;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function hasIdentity(value: Record<string, unknown>): boolean {
  return (
    IDENTITY_FIELDS.every((field) => isNonEmptyString(value[field])) && isEpochMs(value.expiresAt)
  );
}

/**
 * A token set (POST user/login, user/refresh; §7) read from the wire or from storage: the record
 * with only the token set's fields, or null when it is not one.
 */
export function parseTokenSet(value: unknown): TokenSet | null {
  if (!isRecord(value) || !hasIdentity(value) || !isNonEmptyString(value.refreshToken)) return null;
  const { loginId, identityId, identityPoolId, token, refreshToken, expiresAt } = value as TokenSet;
  return { loginId, identityId, identityPoolId, token, refreshToken, expiresAt };
}

/**
 * §3, §5: a stored auth record has non-empty string loginId, identityId, identityPoolId and token,
 * an expiry in epoch ms and, when present, a non-empty uid. Expiry is the caller's to judge.
 */
export function isStoredAuth(value: unknown): value is StoredAuth {
  return (
    isRecord(value) &&
    hasIdentity(value) &&
    (value.uid === undefined || isNonEmptyString(value.uid))
  );
}

/**
 * The fields of an error response (apiErrorBodySchema, the body the server sends for every
 * failure) that have their schema's types; the others are left out, so the console reads what a
 * proxy or an older server sends as far as it goes. Detail keeps its lines that are text.
 */
export function readApiErrorBody(value: unknown): Partial<ApiErrorBody> {
  if (!isRecord(value)) return {};
  const read: Partial<ApiErrorBody> = {};
  if (Number.isInteger(value.statusCode)) read.statusCode = value.statusCode as number;
  for (const key of ['error', 'message', 'field', 'location', 'reason'] as const) {
    const text = value[key];
    if (typeof text === 'string') read[key] = text;
  }
  if (Array.isArray(value.detail)) {
    read.detail = value.detail.filter((line): line is string => typeof line === 'string');
  }
  return read;
}
