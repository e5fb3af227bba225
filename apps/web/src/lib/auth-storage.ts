/**
 * The signed-in session in the browser (§3 browser storage "auth"): one JSON record in
 * localStorage under 'auth'. It holds the spec's uid and loginId plus the token set of
 * POST /user/login, so every tab shares one session and a reload keeps it:
 * `{ uid, loginId, identityId, identityPoolId, token, refreshToken, expiresAt }` — uid is the
 * token set's identityId (the server's user uid). Validity is the domain's `credentialsValidity`.
 */
import { browserStorageKeys, parseTokenSet, type StoredAuth, type TokenSet } from '@paddock/domain';

/** The stored record: the domain's stored auth plus the refresh token (§5 refresh once). */
export type SessionAuth = StoredAuth & { readonly refreshToken: string };

const KEY = browserStorageKeys.auth;
const listeners = new Set<() => void>();
let cachedRaw: string | null | undefined;
let cachedAuth: SessionAuth | null = null;

/** The stored record, or null when there is none or it is not a token set. Stable between writes. */
export function readAuth(): SessionAuth | null {
  const raw = safeGet(KEY);
  if (raw === cachedRaw) return cachedAuth;
  cachedRaw = raw;
  cachedAuth = parse(raw);
  return cachedAuth;
}

/** Stores a token set from login or refresh. */
export function writeAuth(tokens: TokenSet): SessionAuth {
  const auth: SessionAuth = { ...tokens, uid: tokens.identityId };
  safeSet(KEY, JSON.stringify(auth));
  notify();
  return auth;
}

/** Removes the session (logout, reset on the login page, invalid credentials). */
export function clearAuth(): void {
  if (safeGet(KEY) === null) return;
  try {
    localStorage.removeItem(KEY);
  } catch {
    // Storage refused (private mode): nothing was stored either.
  }
  notify();
}

/** Calls `listener` when this tab or another one changes the session. */
export function subscribeAuth(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function notify(): void {
  for (const listener of [...listeners]) listener();
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === KEY || event.key === null) notify();
  });
}

function parse(raw: string | null): SessionAuth | null {
  if (raw === null) return null;
  try {
    const value = JSON.parse(raw) as Record<string, unknown>;
    const tokens = parseTokenSet(value);
    if (!tokens) return null;
    return { ...tokens, uid: typeof value.uid === 'string' ? value.uid : tokens.identityId };
  } catch {
    return null;
  }
}

function safeGet(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function safeSet(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Storage refused: the session lasts as long as this page.
  }
}
