/**
 * What the console keeps in the browser (§3): stored preference keys, browser storage keys, the
 * recent-sites record, and the offline cache keys with its versions.
 */
import { z } from 'zod';
import { idSchema, nonEmptyStringSchema } from './primitives.ts';

/** The app version recorded in the offline cache; a different stored version clears it (§4). */
export const APP_VERSION = '1.2.25';
/** The offline cache format version (§9); a different stored version clears the cache (§4). */
export const CACHE_VERSION = '8.0.1';

/** Every stored preference of §3, camelCase. */
export const preferenceKeySchema = z.enum([
  'chartInterval',
  'chartOptions',
  'chartZoomingInfo',
  'chartDateRange',
  'chartType',
  'programSorting',
  'hardwareSorting',
  'hardwareFilter',
  'thingsFilter',
  'initialLocation',
  'initialBounds',
  'lastReportSearch',
  'siteFilter',
  'telemetryPane',
  'modulePane',
  'telemetryHardwarePane',
  'weatherLayerSelection',
  'programView',
  'valveFilter',
  'frostPanes',
  'lastAcknowledgedEvents',
  'sidebarOffCanvas',
  'lastRoute',
  'hardwareSort',
]);
export type PreferenceKey = z.infer<typeof preferenceKeySchema>;

/** The hardwareSort preference (§3): a column and its direction. */
export const hardwareSortPreferenceSchema = z.object({
  column: nonEmptyStringSchema,
  ascending: z.boolean(),
});
export type HardwareSortPreference = z.infer<typeof hardwareSortPreferenceSchema>;

/** §3: "hardware sort (default column updated, ascending)". */
export const DEFAULT_HARDWARE_SORT: HardwareSortPreference = { column: 'updated', ascending: true };

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

/** One recently visited site. */
export const recentSiteEntrySchema = z.object({ siteId: idSchema, label: z.string() });
export type RecentSiteEntry = z.infer<typeof recentSiteEntrySchema>;

/** recent_sites_{uid} (§3): the user it belongs to and up to three sites, newest first. */
export const recentSitesSchema = z.object({
  currentUserId: nonEmptyStringSchema,
  // §9 'Recent sites 3'.
  sites: z.array(recentSiteEntrySchema).max(3),
});
export type RecentSites = z.infer<typeof recentSitesSchema>;

/** Per-user offline cache entries (§3). */
export const offlineCacheKeySchema = z.enum([
  'userSites',
  'dashboard',
  'exports',
  'preferences',
  'legacyPreferences',
  'userPrivileges',
  'userContact',
  'metrics',
]);
export type OfflineCacheKey = z.infer<typeof offlineCacheKeySchema>;

/** Keys of one site snapshot in the offline cache history (§3). */
export const siteSnapshotKeySchema = z.enum([
  'sites',
  'siteSummary',
  'siteContacts',
  'siteUnits',
  'siteEvents',
  'siteAlarms',
  'sitePrivileges',
  'siteSubscriptions',
  'siteWeather',
  'areas',
  'areaSections',
  'areaRadios',
  'areaControls',
  'areaSensors',
  'areaEvents',
  'areaPrograms',
  'users',
]);
export type SiteSnapshotKey = z.infer<typeof siteSnapshotKeySchema>;
