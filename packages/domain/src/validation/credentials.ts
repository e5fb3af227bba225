/** §5 credentials and site access: when a stored session may be used, refreshed or must end. */
import { isStoredAuth } from '../entities/start-up-checks.ts';

/** A stored auth record's state: usable, expired (may be refreshed once), or unusable. */
export type CredentialsValidity = 'valid' | 'expired' | 'invalid';

/**
 * §5: credentials are valid only with a non-empty auth record of string loginId, identityId,
 * identityPoolId and token (non-empty, per the §3 stored auth record) and unexpired. `expiresAt`
 * is epoch ms; a token expiring exactly at `now` is expired.
 */
export function credentialsValidity(auth: unknown, now: Date): CredentialsValidity {
  if (!isStoredAuth(auth)) return 'invalid';
  return auth.expiresAt > now.getTime() ? 'valid' : 'expired';
}

/** What to do with the credentials: use them, refresh them, or log out with 'Invalid Credentials'. */
export type CredentialsStep = 'proceed' | 'refresh' | 'logout';

/** §5: expired credentials are refreshed once; expired again after that, or invalid, logs out. */
export function nextCredentialsStep(
  validity: CredentialsValidity,
  alreadyRefreshed: boolean,
): CredentialsStep {
  switch (validity) {
    case 'valid':
      return 'proceed';
    case 'expired':
      return alreadyRefreshed ? 'logout' : 'refresh';
    case 'invalid':
      return 'logout';
  }
}

/**
 * §5/§6: a route needs a siteId the user can access — one of the user's own sites. A route
 * parameter arrives as text, so a string is accepted when it is a positive integer ('12', not
 * '12abc' or '012').
 */
export function canAccessSite(
  siteIds: readonly number[],
  siteId: number | string | null | undefined,
): boolean {
  const id = typeof siteId === 'string' && /^[1-9]\d*$/.test(siteId) ? Number(siteId) : siteId;
  return typeof id === 'number' && Number.isInteger(id) && id > 0 && siteIds.includes(id);
}
