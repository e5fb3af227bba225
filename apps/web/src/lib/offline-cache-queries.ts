/**
 * TanStack Query on top of the offline cache (§4 "Cached summary, units and user-site data are
 * served first and refreshed in background"). A feature opts a query in by wrapping its options:
 *
 *   export const getSiteSummaryQueryOptions = (siteId: number) =>
 *     cachedQueryOptions(
 *       queryOptions({ queryKey: ['site-summary', siteId], queryFn: () => getSiteSummary(siteId) }),
 *       { key: 'siteSummary', siteId },
 *     );
 *
 * An area's query names its area instead ({ key: 'areaRadios', areaId }): it is kept in the
 * snapshot of the area's site. app/offline-cache-entries.test.tsx lists the query of every entry.
 *
 * - The cached answer is the query's initial data (with its fetch time), so the page renders it
 *   at once, and it is refetched in the background as the page mounts: whatever was saved, a
 *   newer answer may exist (a change made just before a reload may not have reached IndexedDB).
 * - Entries are outdated after CACHE_ENTRY_MAX_AGE_MS (§9): an opted-in query is stale after at
 *   most one minute, so coming back to a site seen more than a minute ago refetches it on mount
 *   (polling and invalidation work as before).
 * - Every successful fetch of an opted-in query is written back (debounced 1 s).
 * - Offline (§4) the call fails with ApiError 'offline'; the query then pauses (fetchStatus
 *   'paused', see online-status.ts and query-client.ts) and keeps showing the cached data until
 *   the API answers again. Render `data` when present.
 *
 * `connectOfflineCache(queryClient)` (called once by the bootstrap) opens the signed-in user's
 * cache, hydrates queries that started before it was open, writes successes back, resets the
 * cache on logout and feeds the online status (online-status.ts).
 */
import { DEFAULT_QUERY_STALE_MS, CACHE_ENTRY_MAX_AGE_MS } from '@paddock/domain';
import {
  hashKey,
  type DataTag,
  type InitialDataFunction,
  type NonUndefinedGuard,
  type Query,
  type QueryClient,
  type QueryKey,
  type UndefinedInitialDataOptions,
  type UseQueryOptions,
} from '@tanstack/react-query';
import { isApiError, OFFLINE } from './api-client.ts';
import { readAuth, subscribeAuth } from './auth-storage.ts';
import { offlineCache, type CacheSlot, type OfflineCache } from './offline-cache.ts';
import { reportApiReachable } from './online-status.ts';

/** The meta a cached query carries, so the cache's listener knows where its data goes. */
export interface OfflineCacheMeta {
  readonly offlineCache: CacheSlot;
}

function slotOf(query: Query): CacheSlot | undefined {
  const slot = (query.meta as Partial<OfflineCacheMeta> | undefined)?.offlineCache;
  if (!slot || typeof slot.key !== 'string') return undefined;
  return slot;
}

/** dataUpdateCount of a query at the moment it was hydrated from the cache. */
const hydratedAt = new WeakMap<Query, number>();

/** The data shown is the cached answer, not yet replaced by a fetch. */
export function servedFromCache(query: Query): boolean {
  return (
    query.state.data !== undefined && query.state.dataUpdateCount === (hydratedAt.get(query) ?? 0)
  );
}

/**
 * The query's options plus the offline cache: initial data from the slot, written back on every
 * successful fetch. `slot` names the §3 entry (user-level key, or site snapshot key + siteId).
 */
export function cachedQueryOptions<TQueryFnData, TError, TData, TQueryKey extends QueryKey>(
  options: UseQueryOptions<TQueryFnData, TError, TData, TQueryKey>,
  slot: CacheSlot,
  cache: OfflineCache = offlineCache,
) {
  const variant = hashKey(options.queryKey);
  const own = options.staleTime;
  const cached: UndefinedInitialDataOptions<TQueryFnData, TError, TData, TQueryKey> = {
    ...options,
    meta: { ...options.meta, offlineCache: slot },
    initialData: (() => cache.read(slot, variant)?.data) as InitialDataFunction<TQueryFnData> &
      InitialDataFunction<NonUndefinedGuard<TQueryFnData>>,
    initialDataUpdatedAt: () => cache.read(slot, variant)?.savedAt,
    staleTime: (query) => {
      if (servedFromCache(query as unknown as Query)) return 0;
      const stale = typeof own === 'function' ? own(query) : (own ?? DEFAULT_QUERY_STALE_MS);
      return stale === 'static' ? stale : Math.min(stale, CACHE_ENTRY_MAX_AGE_MS);
    },
  };
  // As queryOptions() does: the key carries the data type for getQueryData/setQueryData.
  return cached as typeof cached & { queryKey: DataTag<TQueryKey, TQueryFnData, TError> };
}

/** Puts cached answers into queries that have no data yet (they started before the cache opened). */
export function hydrateFromCache(queryClient: QueryClient, cache: OfflineCache = offlineCache) {
  for (const query of queryClient.getQueryCache().getAll()) {
    const slot = slotOf(query);
    if (!slot) continue;
    if (query.state.data !== undefined) {
      // Answered before the cache was open, when there was nowhere to write it: written now,
      // or a page left within that first second would have nothing to show offline.
      if (query.state.status === 'success' && !servedFromCache(query)) {
        cache.write(slot, query.queryHash, query.state.data, query.state.dataUpdatedAt);
      }
      continue;
    }
    const entry = cache.read(slot, query.queryHash);
    if (!entry) continue;
    hydrating = true;
    try {
      query.setData(entry.data, { updatedAt: entry.savedAt, manual: true });
      hydratedAt.set(query, query.state.dataUpdateCount);
    } finally {
      hydrating = false;
    }
  }
}

let hydrating = false;

/** How long the start-up waits for the cache before rendering without it. */
export const OPEN_WAIT_MS = 1_000;

function isOfflineError(error: unknown): boolean {
  return isApiError(error) && error.status === 0 && error.message === OFFLINE;
}

/**
 * Wires the cache to the app: opens it for the session's user (now and on every sign-in), resets
 * it on sign-out, hydrates, writes back, and reports API reachability. Returns the disconnect and
 * a promise of the first open, which the bootstrap may await before rendering.
 */
export function connectOfflineCache(
  queryClient: QueryClient,
  cache: OfflineCache = offlineCache,
): { ready: Promise<void>; disconnect: () => void } {
  let uid = readAuth()?.uid ?? null;
  // A browser whose IndexedDB never answers must not hold the start-up: the cache hydrates late.
  const ready = Promise.race([
    cache.open(uid).catch(() => undefined),
    new Promise<void>((resolve) => setTimeout(resolve, OPEN_WAIT_MS)),
  ]);

  const stopAuth = subscribeAuth(() => {
    const next = readAuth()?.uid ?? null;
    if (next === uid) return;
    const previous = uid;
    uid = next;
    if (next === null) {
      // §4 "reset on logout" (also when the session ends elsewhere or on the login page).
      void cache.reset();
    } else {
      void (previous === null ? Promise.resolve() : cache.reset()).then(() => cache.open(next));
    }
  });

  const stopOpened = cache.subscribe(() => hydrateFromCache(queryClient, cache));

  const stopQueries = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated') return;
    const { action, query } = event;
    if (action.type === 'success') {
      if (hydrating) return;
      if (!action.manual) reportApiReachable(true);
      const slot = slotOf(query);
      if (slot) cache.write(slot, query.queryHash, query.state.data, query.state.dataUpdatedAt);
    } else if (action.type === 'error' || action.type === 'failed') {
      // 'failed' is a try that will be retried: an offline one pauses until the API is back.
      if (isOfflineError(action.error)) reportApiReachable(false);
      else if (isApiError(action.error)) reportApiReachable(true);
    }
  });

  const stopMutations = queryClient.getMutationCache().subscribe((event) => {
    if (event.type !== 'updated') return;
    if (event.action.type === 'success') reportApiReachable(true);
    else if (event.action.type === 'error') {
      if (isOfflineError(event.action.error)) reportApiReachable(false);
      else if (isApiError(event.action.error)) reportApiReachable(true);
    }
  });

  const onHidden = () => {
    if (document.visibilityState === 'hidden') void cache.flush();
  };
  document.addEventListener('visibilitychange', onHidden);

  return {
    ready,
    disconnect: () => {
      stopAuth();
      stopOpened();
      stopQueries();
      stopMutations();
      document.removeEventListener('visibilitychange', onHidden);
    },
  };
}
