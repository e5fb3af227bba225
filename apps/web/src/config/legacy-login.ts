/**
 * The legacy login page (§2: activation, reset and change password send `legacy=true` users
 * there). The spec does not give its address, so it is set at build time with
 * `VITE_LEGACY_LOGIN_URL`. Without one, legacy users go to our own /login, which signs them in
 * just the same.
 */
const configured: unknown = import.meta.env.VITE_LEGACY_LOGIN_URL;

export const LEGACY_LOGIN_URL: string | null =
  typeof configured === 'string' && configured.trim() !== '' ? configured.trim() : null;
