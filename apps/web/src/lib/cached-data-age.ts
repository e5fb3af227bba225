/**
 * How old the data on screen is (§4 offline: the pages keep showing what the offline cache holds,
 * and say how old it is): the newest fetch time among the queries the current page observes that
 * the offline cache serves (`cachedQueryOptions`). The page's own site and area entries decide;
 * the user-level ones (the user's sites, metrics, privileges…) only on a page without them (the
 * site list, the dashboard), so a list fetched once at sign-in does not age a site's page.
 *
 * Kept apart from offline-cache-queries.ts, which loads after the first render: the offline badge
 * that shows the age is part of the first load.
 */
import { useQueryClient, type Query } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';

interface SlotMeta {
  readonly offlineCache?: {
    readonly key?: unknown;
    readonly siteId?: unknown;
    readonly areaId?: unknown;
  };
}

/** Epoch ms of the newest answer the page shows from cached queries; undefined when none. */
export function cachedDataUpdatedAt(queries: readonly Query[]): number | undefined {
  let site: number | undefined;
  let user: number | undefined;
  for (const query of queries) {
    const slot = (query.meta as SlotMeta | undefined)?.offlineCache;
    if (typeof slot?.key !== 'string') continue;
    if (query.getObserversCount() === 0 || query.state.data === undefined) continue;
    const at = query.state.dataUpdatedAt;
    if (!(at > 0)) continue;
    if (slot.siteId !== undefined || slot.areaId !== undefined) site = Math.max(site ?? 0, at);
    else user = Math.max(user ?? 0, at);
  }
  return site ?? user;
}

/** `cachedDataUpdatedAt` of the app's query client, kept current as queries change. */
export function useCachedDataUpdatedAt(): number | undefined {
  const queryCache = useQueryClient().getQueryCache();
  const subscribe = useCallback(
    (onChange: () => void) => queryCache.subscribe(onChange),
    [queryCache],
  );
  const read = useCallback(() => cachedDataUpdatedAt(queryCache.getAll()), [queryCache]);
  return useSyncExternalStore(subscribe, read, read);
}
