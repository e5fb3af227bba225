/**
 * What the console keeps in the browser (§3): stored preference keys, the recent-sites record, and
 * the offline cache keys. The browser storage keys and the cache versions are in storage-keys.ts.
 */
import { z } from 'zod';
import { idSchema, nonEmptyStringSchema } from './primitives.ts';

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

/**
 * The programView preference (§3 "program view"): what the program panel shows below the program,
 * its zones and sequences together (the default), or one of them.
 */
export const programPanelViewSchema = z.enum(['all', 'zones', 'sequences']);
export type ProgramPanelView = z.infer<typeof programPanelViewSchema>;
export const DEFAULT_PROGRAM_PANEL_VIEW: ProgramPanelView = 'all';

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
