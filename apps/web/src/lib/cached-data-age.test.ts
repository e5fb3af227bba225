import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { cachedDataUpdatedAt } from './cached-data-age.ts';

const client = new QueryClient();
const stops: (() => void)[] = [];

afterEach(() => {
  for (const stop of stops.splice(0)) stop();
  client.clear();
});

/** A query holding data fetched at `at`, watched by the page unless `watched` is false. */
function seen(key: string, at: number, slot?: object, watched = true) {
  const options = { queryKey: [key], ...(slot ? { meta: { offlineCache: slot } } : {}) };
  client.getQueryCache().build(client, options);
  client.setQueryData([key], { key }, { updatedAt: at });
  if (watched) {
    const observer = new QueryObserver(client, { ...options, enabled: false });
    stops.push(observer.subscribe(() => undefined));
  }
}

const all = () => cachedDataUpdatedAt(client.getQueryCache().getAll());

describe('cachedDataUpdatedAt (§4 offline: how old the data on screen is)', () => {
  it('is the newest fetch among the site and area entries the page watches', () => {
    seen('radios', 5_000, { key: 'areaRadios', areaId: 1 });
    seen('site', 9_000, { key: 'sites', siteId: 2 });
    seen('sections', 3_000, { key: 'areaSections', areaId: 1 });
    expect(all()).toBe(9_000);
  });

  it('leaves out queries no page watches, the uncached, and the user-level beside site ones', () => {
    seen('radios', 5_000, { key: 'areaRadios', areaId: 1 });
    seen('other area', 20_000, { key: 'areaRadios', areaId: 7 }, false);
    seen('series', 30_000);
    seen('user sites', 40_000, { key: 'userSites' });
    expect(all()).toBe(5_000);
  });

  it('on a page without site data (the site list), the user-level entries; none: undefined', () => {
    expect(all()).toBeUndefined();
    seen('user sites', 40_000, { key: 'userSites' });
    seen('metrics', 10_000, { key: 'metrics' });
    expect(all()).toBe(40_000);
  });
});
