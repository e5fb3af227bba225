import { describe, expect, it } from 'vitest';
import {
  DEFAULT_HARDWARE_SORT,
  DEFAULT_PROGRAM_PANEL_VIEW,
  hardwareSortPreferenceSchema,
  offlineCacheKeySchema,
  preferenceKeySchema,
  programPanelViewSchema,
  recentSitesSchema,
  siteSnapshotKeySchema,
} from './preferences.ts';
import { APP_VERSION, browserStorageKeys, CACHE_VERSION, recentSitesKey } from './storage-keys.ts';

describe('§3 stored preferences', () => {
  it.each([
    ['chart settings', ['chartInterval', 'chartOptions', 'chartType']],
    ['chart views', ['chartZoomingInfo', 'chartDateRange']],
    ['programs', ['programSorting', 'programView']],
    ['hardware lists', ['hardwareSorting', 'hardwareFilter', 'hardwareSort', 'thingsFilter']],
    ['zones', ['valveFilter']],
    ['maps', ['initialLocation', 'initialBounds', 'weatherLayerSelection']],
    ['panes', ['telemetryPane', 'modulePane', 'telemetryHardwarePane', 'frostPanes']],
    ['reports and events', ['lastReportSearch', 'lastAcknowledgedEvents']],
    ['navigation', ['siteFilter', 'sidebarOffCanvas', 'lastRoute']],
  ])('the %s preferences %j are preference keys', (_feature, keys) => {
    for (const key of keys) expect(preferenceKeySchema.safeParse(key).success).toBe(true);
  });

  it.each(['program view', 'ProgramView', 'theme'])('%j is not', (key) => {
    expect(preferenceKeySchema.safeParse(key).success).toBe(false);
  });

  it('has all 24 keys of §3', () => {
    expect(preferenceKeySchema.options).toHaveLength(24);
  });

  it.each([
    ['all', true],
    ['zones', true],
    ['sequences', true],
    ['list', false],
    ['', false],
    [1, false],
  ])('program view %j is a view of the program panel: %s', (view, valid) => {
    expect(programPanelViewSchema.safeParse(view).success).toBe(valid);
  });

  it('the program panel shows zones and sequences together by default', () => {
    expect(DEFAULT_PROGRAM_PANEL_VIEW).toBe('all');
  });

  it('hardware sort defaults to column updated, ascending (§3)', () => {
    expect(hardwareSortPreferenceSchema.parse(DEFAULT_HARDWARE_SORT)).toEqual({
      column: 'updated',
      ascending: true,
    });
  });
});

describe('§3 browser storage', () => {
  it('names the keys as the spec spells them', () => {
    expect(browserStorageKeys.siteFilters).toBe('site_filters');
    expect(browserStorageKeys.auth).toBe('auth');
    expect(browserStorageKeys.recentSites('ap-southeast-2:abc')).toBe(
      'recent_sites_ap-southeast-2:abc',
    );
    expect(recentSitesKey('u1')).toBe('recent_sites_u1');
  });

  it.each([
    [{ currentUserId: 'u1', sites: [{ siteId: 1, label: 'Te Awa Vineyard' }] }, true],
    [{ currentUserId: 'u1', sites: [] }, true],
    [
      {
        currentUserId: 'u1',
        sites: [1, 2, 3, 4].map((siteId) => ({ siteId, label: `Site ${siteId}` })),
      },
      false,
    ],
    [{ currentUserId: '', sites: [] }, false],
    [{ currentUserId: 'u1', sites: [{ siteId: '1', label: 'x' }] }, false],
  ])('recent sites %j are accepted: %s (§9 recent sites 3)', (value, ok) => {
    expect(recentSitesSchema.safeParse(value).success).toBe(ok);
  });
});

describe('§3 offline cache', () => {
  it('versions are 1.2.25 and 8.0.1', () => {
    expect([APP_VERSION, CACHE_VERSION]).toEqual(['1.2.25', '8.0.1']);
  });

  const perUserKeys = [
    ['the user’s sites, dashboard and exports', ['userSites', 'dashboard', 'exports']],
    ['the preferences, current and legacy', ['preferences', 'legacyPreferences']],
    ['the user’s privileges, contact and metrics', ['userPrivileges', 'userContact', 'metrics']],
  ] as const;

  it.each(perUserKeys)('%s are per-user keys: %j', (_what, keys) => {
    for (const key of keys) expect(offlineCacheKeySchema.safeParse(key).success).toBe(true);
  });

  it('has exactly these per-user keys, in the order of §3', () => {
    expect(offlineCacheKeySchema.options).toEqual(perUserKeys.flatMap(([, keys]) => keys));
  });

  it.each([
    ['sites', true],
    ['areaPrograms', true],
    ['users', true],
    ['areaAlarms', false],
  ])('site snapshot key %s: %s', (key, ok) => {
    expect(siteSnapshotKeySchema.safeParse(key).success).toBe(ok);
  });

  it('site snapshots have the 17 keys of §3', () => {
    expect(siteSnapshotKeySchema.options).toHaveLength(17);
  });
});
