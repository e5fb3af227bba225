import 'fake-indexeddb/auto';
import { CACHE_ENTRY_MAX_AGE_MS } from '@paddock/domain';
import { QueryClient, QueryClientProvider, queryOptions, useQuery } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { createStore, get } from 'idb-keyval';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, OFFLINE } from './api-client.ts';
import { clearAuth, writeAuth } from './auth-storage.ts';
import { OfflineCache } from './offline-cache.ts';
import { cachedQueryOptions, connectOfflineCache } from './offline-cache-queries.ts';
import { createQueryClient } from '../app/query-client.ts';
import { isOnline, reportApiReachable } from './online-status.ts';
import { tokenSet } from '../testing/render.tsx';

let databases = 0;
let store: ReturnType<typeof createStore>;
let cache: OfflineCache;
let queryClient: QueryClient;
let disconnect: () => void = () => undefined;

beforeEach(() => {
  store = createStore(`offline-queries-test-${++databases}`, 'users');
  cache = new OfflineCache({ store: () => store, log: () => undefined });
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  reportApiReachable(true);
});

afterEach(() => {
  reportApiReachable(true);
  disconnect();
  queryClient.clear();
  clearAuth();
});

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

const summaryOptions = (siteId: number, queryFn: () => Promise<{ label: string }>) =>
  cachedQueryOptions(
    queryOptions({ queryKey: ['site-summary', siteId], queryFn }),
    { key: 'siteSummary', siteId },
    cache,
  );

async function signIn(uid = 'uid-1') {
  writeAuth(tokenSet({ identityId: uid }));
  const connection = connectOfflineCache(queryClient, cache);
  disconnect = connection.disconnect;
  await connection.ready;
}

describe('cachedQueryOptions + connectOfflineCache (§4 served first, refreshed in background)', () => {
  it('writes a fetched answer to the slot and serves it to the next page load', async () => {
    await signIn();
    const first = renderHook(() => useQuery(summaryOptions(1, async () => ({ label: 'North' }))), {
      wrapper,
    });
    await waitFor(() => expect(first.result.current.data).toEqual({ label: 'North' }));
    expect(cache.read({ key: 'siteSummary', siteId: 1 }, '["site-summary",1]')?.data).toEqual({
      label: 'North',
    });
    first.unmount();
    queryClient.clear();

    // Served at once from the cache, and refreshed in the background.
    const queryFn = vi.fn(() => new Promise<{ label: string }>(() => undefined));
    const second = renderHook(() => useQuery(summaryOptions(1, queryFn)), { wrapper });
    expect(second.result.current.data).toEqual({ label: 'North' });
    await waitFor(() => expect(queryFn).toHaveBeenCalledTimes(1));
    expect(second.result.current.isFetching).toBe(true);
  });

  it('after a fetch an entry is outdated after one minute: a new page of it refetches', async () => {
    await signIn();
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const queryFn = vi.fn(async () => ({ label: 'Live' }));
      const first = renderHook(() => useQuery(summaryOptions(7, queryFn)), { wrapper });
      await waitFor(() => expect(first.result.current.data).toEqual({ label: 'Live' }));
      first.unmount();
      vi.setSystemTime(Date.now() + CACHE_ENTRY_MAX_AGE_MS - 1_000);
      const again = renderHook(() => useQuery(summaryOptions(7, queryFn)), { wrapper });
      expect(again.result.current.data).toEqual({ label: 'Live' });
      again.unmount();
      expect(queryFn).toHaveBeenCalledTimes(1);
      vi.setSystemTime(Date.now() + 2_000);
      renderHook(() => useQuery(summaryOptions(7, queryFn)), { wrapper });
      await waitFor(() => expect(queryFn).toHaveBeenCalledTimes(2));
    } finally {
      vi.useRealTimers();
    }
  });

  it('an outdated entry (> 1 min) is served and refetched in the background', async () => {
    await signIn();
    cache.write(
      { key: 'siteSummary', siteId: 2 },
      '["site-summary",2]',
      { label: 'Old' },
      Date.now() - CACHE_ENTRY_MAX_AGE_MS - 1,
    );
    let resolve: (value: { label: string }) => void = () => undefined;
    const queryFn = vi.fn(() => new Promise<{ label: string }>((done) => (resolve = done)));
    const { result } = renderHook(() => useQuery(summaryOptions(2, queryFn)), { wrapper });
    expect(result.current.data).toEqual({ label: 'Old' });
    await waitFor(() => expect(queryFn).toHaveBeenCalledTimes(1));
    expect(result.current.isFetching).toBe(true);
    act(() => resolve({ label: 'New' }));
    await waitFor(() => expect(result.current.data).toEqual({ label: 'New' }));
  });

  it('offline: the cached data stays and the status reads offline', async () => {
    await signIn();
    cache.write(
      { key: 'siteSummary', siteId: 3 },
      '["site-summary",3]',
      { label: 'Kept' },
      Date.now() - 2 * CACHE_ENTRY_MAX_AGE_MS,
    );
    const { result } = renderHook(
      () => useQuery(summaryOptions(3, () => Promise.reject(new ApiError(0, OFFLINE)))),
      { wrapper },
    );
    await waitFor(() => expect(result.current.error).toBeInstanceOf(ApiError));
    expect(result.current.data).toEqual({ label: 'Kept' });
    expect(isOnline()).toBe(false);
  });

  it('hydrates a query that started before the cache was open', async () => {
    const stale = new OfflineCache({ store: () => store, log: () => undefined });
    await stale.open('uid-1');
    stale.write({ key: 'siteUnits', siteId: 4 }, '["site-units",4]', [{ id: 7 }]);
    await stale.flush();

    const { result } = renderHook(
      () =>
        useQuery(
          cachedQueryOptions(
            queryOptions({
              queryKey: ['site-units', 4],
              queryFn: () => new Promise<{ id: number }[]>(() => undefined),
            }),
            { key: 'siteUnits', siteId: 4 },
            cache,
          ),
        ),
      { wrapper },
    );
    expect(result.current.data).toBeUndefined();
    await signIn();
    await waitFor(() => expect(result.current.data).toEqual([{ id: 7 }]));
  });

  it('writes an answer that came before the cache was open once it opens', async () => {
    const { result } = renderHook(
      () => useQuery(summaryOptions(5, async () => ({ label: 'Early' }))),
      { wrapper },
    );
    await waitFor(() => expect(result.current.data).toEqual({ label: 'Early' }));
    await signIn();
    expect(cache.read({ key: 'siteSummary', siteId: 5 }, '["site-summary",5]')?.data).toEqual({
      label: 'Early',
    });
  });

  it('signing out resets the cache of that user', async () => {
    await signIn('uid-9');
    const { result } = renderHook(
      () => useQuery(summaryOptions(5, async () => ({ label: 'Mine' }))),
      { wrapper },
    );
    await waitFor(() => expect(result.current.data).toEqual({ label: 'Mine' }));
    await cache.flush();
    expect(await get('uid-9', store)).toBeDefined();
    clearAuth();
    await waitFor(async () => expect(await get('uid-9', store)).toBeUndefined());
    expect(cache.uid).toBeNull();
  });

  it('with the app query client an offline refetch pauses, keeps the cache and resumes', async () => {
    queryClient = createQueryClient();
    await signIn();
    cache.write(
      { key: 'siteSummary', siteId: 6 },
      '["site-summary",6]',
      { label: 'Cached' },
      Date.now() - 2 * CACHE_ENTRY_MAX_AGE_MS,
    );
    let reachable = false;
    const queryFn = vi.fn(async () => {
      if (!reachable) throw new ApiError(0, OFFLINE);
      return { label: 'Live' };
    });
    const { result } = renderHook(
      () => useQuery({ ...summaryOptions(6, queryFn), retryDelay: 10 }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.fetchStatus).toBe('paused'));
    expect(result.current.data).toEqual({ label: 'Cached' });
    expect(result.current.error).toBeNull();
    expect(isOnline()).toBe(false);

    reachable = true;
    act(() => reportApiReachable(true));
    await waitFor(() => expect(result.current.data).toEqual({ label: 'Live' }));
    expect(isOnline()).toBe(true);
  });
});
