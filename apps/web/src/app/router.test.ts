import { describe, expect, it, vi } from 'vitest';
import { prefetchRouteDataEarly } from './router.tsx';

const prefetchRouteData = vi.hoisted(() => vi.fn());
vi.mock('./route-prefetch.ts', () => ({ prefetchRouteData }));

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('prefetchRouteDataEarly', () => {
  it("starts the data of a page under the main layout, with the page's location", async () => {
    prefetchRouteData.mockClear();
    prefetchRouteDataEarly({ pathname: '/1/telemetry/10', search: '?radio=5' });
    await settle();
    expect(prefetchRouteData).toHaveBeenCalledTimes(1);
    expect(prefetchRouteData.mock.calls[0]?.[1]).toEqual({
      pathname: '/1/telemetry/10',
      search: '?radio=5',
    });
  });

  it('leaves the public pages alone: the prefetch module and its schemas stay off the login page', async () => {
    prefetchRouteData.mockClear();
    for (const pathname of ['/login', '/recover', '/signup', '/ack/abc']) {
      prefetchRouteDataEarly({ pathname, search: '' });
    }
    await settle();
    expect(prefetchRouteData).not.toHaveBeenCalled();
  });
});
