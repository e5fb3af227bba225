/**
 * §3 "Offline cache per user": every entry the spec lists is filled by the console's query for it
 * (`cachedQueryOptions`), so each screen opens with its last data when the network is gone (§4).
 * Each case renders the hook a page uses and reads the slot its query carries; the three entries
 * that have no call of their own in this console say where their data is kept instead.
 */
import {
  offlineCacheKeySchema,
  siteSnapshotKeySchema,
  type OfflineCacheKey,
  type SiteSnapshotKey,
} from '@paddock/domain';
import { QueryClient, QueryClientProvider, type Query } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAreaSections } from '../data/areas/get-area-sections.ts';
import { useAreaAlarms } from '../data/alarms/get-area-alarms.ts';
import {
  useAlarmNotifications,
  useSiteNotifications,
} from '../data/alarms/get-notification-log.ts';
import { useSiteRoster } from '../data/alarms/roster.ts';
import { useSiteContacts } from '../data/contacts/get-site-contacts.ts';
import { useAreaControls } from '../data/controls/get-area-controls.ts';
import { useAreaEvents } from '../data/events/get-area-events.ts';
import { useAreaOpenEventCount } from '../data/events/get-area-open-events.ts';
import { useExports } from '../data/exports/get-exports.ts';
import { useFrostForecast } from '../data/frost/get-frost-forecast.ts';
import { useFrostSummary } from '../data/frost/get-frost-summary.ts';
import { useMetrics } from '../data/metrics/get-metrics.ts';
import { useSitePrivileges } from '../data/privileges/get-site-privileges.ts';
import { useUserPrivileges } from '../data/privileges/get-user-privileges.ts';
import { useAreaPrograms } from '../data/programs/get-area-programs.ts';
import { useAreaRadios } from '../data/radios/get-area-radios.ts';
import { useAreaSensors } from '../data/sensors/get-area-sensors.ts';
import { useSite } from '../data/sites/get-site.ts';
import { useSiteUnits } from '../data/sites/get-site-units.ts';
import { useDashboardSites, useUserSites } from '../data/sites/get-sites.ts';
import { useSiteUsers } from '../data/users/get-site-users.ts';
import {
  useLiveAreaControls,
  useLiveAreaPrograms,
} from '../features/irrigation/api/get-live-area-data.ts';
import { useUserContact } from '../features/profile/api/get-user-contact.ts';
import { useSiteSummary } from '../features/summary/api/get-site-summary.ts';
import type { CacheSlot } from '../lib/offline-cache.ts';

const SITE = 3;
const AREA = 12;

type Entry =
  | { readonly queries: readonly (readonly [() => unknown, CacheSlot])[] }
  | { readonly keptIn: string };

/** Every §3 entry: the hooks whose queries fill it with the slot each names, or where it is kept. */
const ENTRIES: Record<OfflineCacheKey | SiteSnapshotKey, Entry> = {
  userSites: { queries: [[() => useUserSites(), { key: 'userSites' }]] },
  dashboard: { queries: [[() => useDashboardSites(), { key: 'dashboard' }]] },
  exports: { queries: [[() => useExports(), { key: 'exports' }]] },
  preferences: { keptIn: 'localStorage, per user (lib/preferences.ts)' },
  legacyPreferences: { keptIn: 'localStorage, per user (lib/preferences.ts)' },
  userPrivileges: { queries: [[() => useUserPrivileges(), { key: 'userPrivileges' }]] },
  userContact: { queries: [[() => useUserContact(SITE), { key: 'userContact' }]] },
  metrics: { queries: [[() => useMetrics(), { key: 'metrics' }]] },
  sites: { queries: [[() => useSite(SITE), { key: 'sites', siteId: SITE }]] },
  siteSummary: { queries: [[() => useSiteSummary(SITE), { key: 'siteSummary', siteId: SITE }]] },
  siteContacts: { queries: [[() => useSiteContacts(SITE), { key: 'siteContacts', siteId: SITE }]] },
  siteUnits: { queries: [[() => useSiteUnits(SITE), { key: 'siteUnits', siteId: SITE }]] },
  // The alarm messages of the site and of one alarm.
  siteEvents: {
    queries: [
      [() => useSiteNotifications(SITE), { key: 'siteEvents', siteId: SITE }],
      [() => useAlarmNotifications(AREA, 9), { key: 'siteEvents', areaId: AREA }],
    ],
  },
  siteAlarms: { queries: [[() => useAreaAlarms(AREA), { key: 'siteAlarms', areaId: AREA }]] },
  sitePrivileges: {
    queries: [[() => useSitePrivileges(SITE), { key: 'sitePrivileges', siteId: SITE }]],
  },
  // The escalation roster: who is told of the site's alarms.
  siteSubscriptions: {
    queries: [[() => useSiteRoster(SITE), { key: 'siteSubscriptions', siteId: SITE }]],
  },
  // The frost page's weather: coldest canopy, minutes below zero, fans; tonight's forecast.
  siteWeather: {
    queries: [
      [() => useFrostSummary(AREA, 0), { key: 'siteWeather', areaId: AREA }],
      [() => useFrostForecast(AREA), { key: 'siteWeather', areaId: AREA }],
    ],
  },
  areas: { keptIn: 'the sites entry: GET sites/{id} answers the site with its areas' },
  areaSections: { queries: [[() => useAreaSections(AREA), { key: 'areaSections', areaId: AREA }]] },
  areaRadios: { queries: [[() => useAreaRadios(AREA), { key: 'areaRadios', areaId: AREA }]] },
  areaControls: {
    queries: [
      [() => useAreaControls(AREA), { key: 'areaControls', areaId: AREA }],
      [() => useLiveAreaControls(AREA, true), { key: 'areaControls', areaId: AREA }],
    ],
  },
  areaSensors: { queries: [[() => useAreaSensors(AREA), { key: 'areaSensors', areaId: AREA }]] },
  areaEvents: {
    queries: [
      [() => useAreaEvents(AREA), { key: 'areaEvents', areaId: AREA }],
      [() => useAreaOpenEventCount(AREA), { key: 'areaEvents', areaId: AREA }],
    ],
  },
  areaPrograms: {
    queries: [
      [() => useAreaPrograms(AREA), { key: 'areaPrograms', areaId: AREA }],
      [() => useLiveAreaPrograms(AREA), { key: 'areaPrograms', areaId: AREA }],
    ],
  },
  users: { queries: [[() => useSiteUsers(SITE), { key: 'users', siteId: SITE }]] },
};

let queryClient: QueryClient;

beforeEach(() => {
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // No answer: only the queries' options matter here.
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise<Response>(() => undefined)),
  );
});

afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
});

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

/** The slots of the queries `hook` starts. */
function slotsOf(hook: () => unknown): unknown[] {
  const { unmount } = renderHook(hook, { wrapper });
  const slots = queryClient
    .getQueryCache()
    .getAll()
    .map((query: Query) => (query.meta as { offlineCache?: unknown } | undefined)?.offlineCache);
  unmount();
  queryClient.clear();
  return slots;
}

describe('the offline cache entries of §3', () => {
  it('lists every entry of the spec, user-level and site snapshot', () => {
    expect(Object.keys(ENTRIES).sort()).toEqual(
      [...offlineCacheKeySchema.options, ...siteSnapshotKeySchema.options].sort(),
    );
  });

  const cached = Object.entries(ENTRIES).flatMap(([key, entry]) =>
    'queries' in entry
      ? entry.queries.map(([hook, slot], index) => ({ key, index, hook, slot }))
      : [],
  );
  it.each(cached)('$key (hook $index) is filled by its query', ({ hook, slot }) => {
    expect(slotsOf(hook)).toEqual([slot]);
  });

  it('22 of the 25 entries are queries; the others are kept elsewhere, by no query', () => {
    const kept = Object.entries(ENTRIES).filter(([, entry]) => 'keptIn' in entry);
    expect(kept.map(([key]) => key).sort()).toEqual(['areas', 'legacyPreferences', 'preferences']);
    const named = cached.flatMap(({ hook }) => slotsOf(hook)) as { key: string }[];
    for (const [key] of kept) expect(named.map((slot) => slot.key)).not.toContain(key);
  });
});
