/**
 * Stored preferences (§3 "Stored preferences"): one typed get/set API over localStorage. Each
 * preference sits under its own spec key (the domain's preferenceKeySchema, e.g. `chartInterval`,
 * `sidebarOffCanvas`, `hardwareSort`) as `{ uid, value }`: it belongs to the user who stored it,
 * so another user signing in on the same browser reads the default (the same rule as `lastRoute`).
 *
 *   const interval = readPreference('chartInterval');          // the session's user
 *   writePreference('hardwareSort', { column: 'updated', ascending: false });
 *   const [offCanvas, setOffCanvas] = usePreference('sidebarOffCanvas');
 *
 * Values are checked when read (domain schemas where they exist); a value that does not fit
 * reads as the default. Two preferences have owners elsewhere and are not served here:
 * `lastRoute` (features/site-routing/route-memory.ts) and `siteFilter` (features/site-filter,
 * stored under `site_filters`). The RECENT sites (`recent_sites_{uid}`) live in
 * features/layout/recent-sites.ts.
 */
import {
  chartIntervalSchema,
  chartOptionSchema,
  DEFAULT_CHART_INTERVAL,
  DEFAULT_CHART_OPTION,
  DEFAULT_CHART_TYPE,
  DEFAULT_HARDWARE_FILTER,
  DEFAULT_HARDWARE_SORT,
  DEFAULT_PROGRAM_PANEL_VIEW,
  DEFAULT_PROGRAM_SORT,
  DEFAULT_THINGS_FILTER,
  DEFAULT_WEATHER_LAYERS,
  HARDWARE_SORT,
  hardwareFilterSchema,
  hardwareSortPreferenceSchema,
  hardwareSortSchema,
  programPanelViewSchema,
  programSortSchema,
  thingsFilterSchema,
  weatherLayerSchema,
  zoneViewPaneSchema,
  type ChartInterval,
  type ChartOption,
  type HardwareFilter,
  type HardwareSort,
  type HardwareSortPreference,
  type PreferenceKey,
  type ProgramPanelView,
  type ProgramSort,
  type ThingsFilter,
  type WeatherLayer,
  type ZoneViewPane,
} from '@paddock/domain';
import { useCallback, useSyncExternalStore } from 'react';
import { readAuth, subscribeAuth } from './auth-storage.ts';

/** A map point as the map views keep it. */
interface LatLng {
  readonly lat: number;
  readonly lng: number;
}

/** Where a map was left: its centre and zoom (the map's own zoom when absent). */
interface MapLocation extends LatLng {
  readonly zoom?: number;
}

/** Plain JSON, for the preferences whose shape belongs to a screen not built yet. */
type JsonValue =
  string | number | boolean | null | readonly JsonValue[] | { readonly [key: string]: JsonValue };

/** The type of each stored preference (§3). */
export interface PreferenceValues {
  chartInterval: ChartInterval;
  chartOptions: ChartOption;
  /** The zoomed x-range of a chart, epoch ms. */
  chartZoomingInfo: { readonly min: number; readonly max: number } | null;
  /** A custom chart range, ISO dates. */
  chartDateRange: { readonly from: string; readonly to: string } | null;
  chartType: string;
  programSorting: ProgramSort;
  hardwareSorting: HardwareSort;
  hardwareFilter: HardwareFilter;
  thingsFilter: ThingsFilter;
  /** The dashboard map's centre and zoom when it was last moved. */
  initialLocation: MapLocation | null;
  /** South-west and north-east corners. */
  initialBounds: readonly [LatLng, LatLng] | null;
  lastReportSearch: string | null;
  telemetryPane: string | number | null;
  modulePane: string | number | null;
  telemetryHardwarePane: string | number | null;
  weatherLayerSelection: readonly WeatherLayer[];
  /** What the program panel shows below the program (§3 "program view"). */
  programView: ProgramPanelView;
  /** The zone page's valve list pane (Skipped, Active, Faults); null: the page's own choice. */
  valveFilter: ZoneViewPane | null;
  /** The frost page's panes: `view` is the one shown when a frost page opens without one. */
  frostPanes: { readonly [pane: string]: JsonValue };
  /** Per target, the time (ISO) of the newest event the user acknowledged. */
  lastAcknowledgedEvents: { readonly [target: string]: string };
  /** §2 the sidebar is off-canvas by default. */
  sidebarOffCanvas: boolean;
  hardwareSort: HardwareSortPreference;
}

/** The preferences this module serves (lastRoute and siteFilter have their own owners). */
export type StoredPreferenceKey = Exclude<PreferenceKey, 'lastRoute' | 'siteFilter'> &
  keyof PreferenceValues;

type Check<T> = (value: unknown) => value is T;

const fromSchema =
  <T>(schema: { safeParse(value: unknown): { success: boolean } }): Check<T> =>
  (value): value is T =>
    schema.safeParse(value).success;
const isString = (value: unknown): value is string => typeof value === 'string';
const isNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const orNull =
  <T>(check: Check<T>): Check<T | null> =>
  (value): value is T | null =>
    value === null || check(value);
const isLatLng: Check<LatLng> = (value): value is LatLng =>
  isObject(value) && isNumber(value.lat) && isNumber(value.lng);
const isPane = (value: unknown): value is string | number | null =>
  value === null || isString(value) || isNumber(value);

interface Definition<T> {
  readonly fallback: T;
  readonly check: Check<T>;
}

const define = <T>(fallback: T, check: Check<T>): Definition<T> => ({ fallback, check });

/** Default and check of every preference. */
export const PREFERENCES: { readonly [K in StoredPreferenceKey]: Definition<PreferenceValues[K]> } =
  {
    chartInterval: define<ChartInterval>(DEFAULT_CHART_INTERVAL, fromSchema(chartIntervalSchema)),
    chartOptions: define<ChartOption>(DEFAULT_CHART_OPTION, fromSchema(chartOptionSchema)),
    chartZoomingInfo: define(
      null,
      orNull(
        (value): value is { min: number; max: number } =>
          isObject(value) && isNumber(value.min) && isNumber(value.max),
      ),
    ),
    chartDateRange: define(
      null,
      orNull(
        (value): value is { from: string; to: string } =>
          isObject(value) && isString(value.from) && isString(value.to),
      ),
    ),
    chartType: define<string>(DEFAULT_CHART_TYPE, isString),
    programSorting: define<ProgramSort>(DEFAULT_PROGRAM_SORT, fromSchema(programSortSchema)),
    hardwareSorting: define<HardwareSort>(HARDWARE_SORT.default, fromSchema(hardwareSortSchema)),
    hardwareFilter: define<HardwareFilter>(
      DEFAULT_HARDWARE_FILTER,
      fromSchema(hardwareFilterSchema),
    ),
    thingsFilter: define<ThingsFilter>(DEFAULT_THINGS_FILTER, fromSchema(thingsFilterSchema)),
    initialLocation: define(
      null,
      orNull(
        (value): value is MapLocation =>
          isLatLng(value) && (!('zoom' in value) || isNumber(value.zoom)),
      ),
    ),
    initialBounds: define(
      null,
      orNull(
        (value): value is [LatLng, LatLng] =>
          Array.isArray(value) && value.length === 2 && value.every(isLatLng),
      ),
    ),
    lastReportSearch: define(null, orNull(isString)),
    telemetryPane: define(null, isPane),
    modulePane: define(null, isPane),
    telemetryHardwarePane: define(null, isPane),
    weatherLayerSelection: define<readonly WeatherLayer[]>(
      DEFAULT_WEATHER_LAYERS,
      (value): value is WeatherLayer[] =>
        Array.isArray(value) && value.every((layer) => weatherLayerSchema.safeParse(layer).success),
    ),
    programView: define<ProgramPanelView>(
      DEFAULT_PROGRAM_PANEL_VIEW,
      fromSchema(programPanelViewSchema),
    ),
    valveFilter: define<ZoneViewPane | null>(null, orNull(fromSchema(zoneViewPaneSchema))),
    frostPanes: define<{ readonly [pane: string]: JsonValue }>(
      {},
      (
        value,
      ): value is {
        [pane: string]: JsonValue;
      } => isObject(value),
    ),
    lastAcknowledgedEvents: define<{ readonly [target: string]: string }>(
      {},
      (value): value is Record<string, string> =>
        isObject(value) && Object.values(value).every(isString),
    ),
    sidebarOffCanvas: define(true, (value): value is boolean => typeof value === 'boolean'),
    hardwareSort: define<HardwareSortPreference>(
      DEFAULT_HARDWARE_SORT,
      fromSchema(hardwareSortPreferenceSchema),
    ),
  };

interface StoredPreference {
  readonly uid: string;
  readonly value: unknown;
}

const listeners = new Set<() => void>();
/** Last read per key, so hooks get the same object until the stored text changes. */
const memo = new Map<string, { raw: string | null; uid: string | null; value: unknown }>();

function currentUid(): string | null {
  return readAuth()?.uid ?? null;
}

function safeGet(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** The user's stored value, or the default (nothing stored, another user's, or not fitting). */
export function readPreference<K extends StoredPreferenceKey>(
  key: K,
  uid: string | null = currentUid(),
): PreferenceValues[K] {
  const { fallback, check } = PREFERENCES[key] as Definition<PreferenceValues[K]>;
  const raw = safeGet(key);
  const remembered = memo.get(key);
  if (remembered && remembered.raw === raw && remembered.uid === uid) {
    return remembered.value as PreferenceValues[K];
  }
  let value = fallback;
  if (uid && raw) {
    try {
      const stored = JSON.parse(raw) as Partial<StoredPreference>;
      if (stored.uid === uid && check(stored.value)) value = stored.value;
    } catch {
      // Unreadable: the default.
    }
  }
  memo.set(key, { raw, uid, value });
  return value;
}

/** Stores the value for the user (the session's by default); without a user nothing is stored. */
export function writePreference<K extends StoredPreferenceKey>(
  key: K,
  value: PreferenceValues[K],
  uid: string | null = currentUid(),
): void {
  if (!uid) return;
  try {
    localStorage.setItem(key, JSON.stringify({ uid, value } satisfies StoredPreference));
  } catch {
    // Storage refused (private mode): the preference lasts until the page reloads at most.
  }
  notify();
}

/** Forgets the user's stored value (the default applies again). */
export function clearPreference(key: StoredPreferenceKey, uid: string | null = currentUid()): void {
  const raw = safeGet(key);
  if (!uid || !raw) return;
  try {
    if ((JSON.parse(raw) as Partial<StoredPreference>).uid === uid) localStorage.removeItem(key);
  } catch {
    localStorage.removeItem(key);
  }
  notify();
}

/** Calls `listener` when a preference changes here or in another tab, or the user changes. */
function subscribePreferences(listener: () => void): () => void {
  listeners.add(listener);
  const stopAuth = subscribeAuth(listener);
  return () => {
    listeners.delete(listener);
    stopAuth();
  };
}

function notify(): void {
  for (const listener of [...listeners]) listener();
}

const KEYS: ReadonlySet<string> = new Set(Object.keys(PREFERENCES));

if (typeof window !== 'undefined') {
  // Another tab changed a preference (or cleared the storage).
  window.addEventListener('storage', (event) => {
    if (event.key === null || KEYS.has(event.key)) notify();
  });
}

/** A preference of the session's user and its setter; re-renders when it changes in any tab. */
export function usePreference<K extends StoredPreferenceKey>(
  key: K,
): readonly [PreferenceValues[K], (value: PreferenceValues[K]) => void] {
  const read = useCallback(() => readPreference(key), [key]);
  const value = useSyncExternalStore(subscribePreferences, read, read);
  const set = useCallback((next: PreferenceValues[K]) => writePreference(key, next), [key]);
  return [value, set] as const;
}
