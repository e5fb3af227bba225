/**
 * What the console keeps in the browser (§3), the zod-free part: browser storage keys and the
 * offline cache versions. Start-up reads them before the first render, and the first load carries
 * no zod (initial JS budget, issue 5); the stored records' schemas are in preferences.ts.
 */

/** The app version recorded in the offline cache; a different stored version clears it (§4). */
export const APP_VERSION = '1.2.25';
/** The offline cache format version (§9); a different stored version clears the cache (§4). */
export const CACHE_VERSION = '8.0.1';

/** Storage key of a user's recent sites (§3 recent_sites_{uid}). */
export function recentSitesKey(uid: string): `recent_sites_${string}` {
  return `recent_sites_${uid}`;
}

/**
 * Browser storage keys (§3). The spec spells auth, site, area, site_filters and recent_sites_{uid};
 * the acknowledged-banner flag (session storage) and last user (local storage) names are ours.
 */
export const browserStorageKeys = {
  auth: 'auth',
  site: 'site',
  area: 'area',
  siteFilters: 'site_filters',
  recentSites: recentSitesKey,
  /** Session storage: the incident banner was hidden (§4). */
  acknowledged: 'acknowledged',
  /** Local storage: the login remembered with remember-me (§5). */
  lastUser: 'last_user',
} as const;
