import { ROUTE_REFRESH_MS } from '@paddock/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useRouteRefresh } from './use-route-refresh.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function setup(active: boolean) {
  const queryClient = new QueryClient();
  for (const key of [
    ['sites', 4, 'summary'],
    ['sites', 4, 'units'],
    ['sites', 5, 'summary'],
    ['areas', 9, 'programs'],
    ['radios', 3],
  ]) {
    queryClient.setQueryData(key, 'cached');
  }
  const spy = vi.spyOn(queryClient, 'invalidateQueries');
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const view = renderHook(() => useRouteRefresh({ siteId: 4, areaId: 9 }, active), { wrapper });
  const invalidated = () =>
    queryClient
      .getQueryCache()
      .getAll()
      .filter((query) => query.state.isInvalidated)
      .map((query) => JSON.stringify(query.queryKey));
  return { ...view, spy, invalidated };
}

describe('useRouteRefresh (§2 "refreshes every 60 seconds after a route loads")', () => {
  it('invalidates the current site’s and area’s queries every 60 s', () => {
    const { spy, invalidated, unmount } = setup(true);
    act(() => vi.advanceTimersByTime(ROUTE_REFRESH_MS - 1));
    expect(spy).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(spy).toHaveBeenCalledOnce();
    expect(invalidated()).toEqual([
      '["sites",4,"summary"]',
      '["sites",4,"units"]',
      '["areas",9,"programs"]',
    ]);
    act(() => vi.advanceTimersByTime(ROUTE_REFRESH_MS));
    expect(spy).toHaveBeenCalledTimes(2);
    unmount();
    act(() => vi.advanceTimersByTime(ROUTE_REFRESH_MS));
    expect(spy).toHaveBeenCalledTimes(2);
  });

  it('waits until the route has loaded', () => {
    const { spy } = setup(false);
    act(() => vi.advanceTimersByTime(3 * ROUTE_REFRESH_MS));
    expect(spy).not.toHaveBeenCalled();
  });
});
