import 'fake-indexeddb/auto';
import { APP_VERSION, CACHE_ENTRY_MAX_AGE_MS, CACHE_VERSION } from '@paddock/domain';
import { createStore, get, set, type UseStore } from 'idb-keyval';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CACHE_NO_VALID_USER,
  CACHE_NOT_FOUND,
  emptyRecord,
  isOutdated,
  OfflineCache,
  type UserCacheRecord,
} from './offline-cache.ts';

let databases = 0;

/** A fresh IndexedDB store per test, counting the writes that reach it. */
function freshStore() {
  const store = createStore(`offline-cache-test-${++databases}`, 'users');
  const writes: string[] = [];
  const counted: UseStore = (mode, callback) => {
    if (mode === 'readwrite') writes.push(mode);
    return store(mode, callback);
  };
  return { store, counted, writes };
}

function newCache(options: { now?: () => number } = {}) {
  const { store, counted, writes } = freshStore();
  const cache = new OfflineCache({ store: () => counted, log: () => undefined, ...options });
  return { cache, store, writes };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('OfflineCache (§3 offline cache, §4 cache, §9)', () => {
  it('loading names the spec errors: no user, nothing stored', async () => {
    const { cache } = newCache();
    await expect(cache.load(null)).rejects.toThrow(CACHE_NO_VALID_USER);
    await expect(cache.load('uid-1')).rejects.toThrow(CACHE_NOT_FOUND);
  });

  it('opens an empty record of the current versions when nothing is stored', async () => {
    const { cache } = newCache();
    await cache.open('uid-1');
    expect(cache.record).toEqual({
      uid: 'uid-1',
      appVersion: APP_VERSION,
      cacheVersion: CACHE_VERSION,
      entries: {},
      history: [],
    });
  });

  it('keeps a stored record of the same versions', async () => {
    const { cache, store } = newCache();
    const stored: UserCacheRecord = {
      ...emptyRecord('uid-1'),
      entries: { userSites: [{ variant: 'v', data: [{ id: 1 }], savedAt: 5 }] },
    };
    await set('uid-1', stored, store);
    await cache.open('uid-1');
    expect(cache.read({ key: 'userSites' }, 'v')).toEqual({
      variant: 'v',
      data: [{ id: 1 }],
      savedAt: 5,
    });
  });

  it.each([
    ['app version', { appVersion: '1.0.0' }],
    ['cache version', { cacheVersion: '7.0.0' }],
  ])('clears the record when the stored %s differs', async (_name, versions) => {
    const { cache, store } = newCache();
    await set(
      'uid-1',
      {
        ...emptyRecord('uid-1'),
        ...versions,
        entries: { userSites: [{ variant: 'v', data: [], savedAt: 5 }] },
      },
      store,
    );
    await cache.open('uid-1');
    expect(cache.read({ key: 'userSites' }, 'v')).toBeUndefined();
    expect(await get('uid-1', store)).toBeUndefined();
  });

  it('clears the record on a read failure', async () => {
    const { cache, store } = newCache();
    await set('uid-1', { something: 'else' }, store);
    await cache.open('uid-1');
    expect(cache.record?.entries).toEqual({});
    expect(await get('uid-1', store)).toBeUndefined();
  });

  it('keeps at most 5 site snapshots, newest first', async () => {
    let now = 1_000;
    const { cache } = newCache({ now: () => now++ });
    await cache.open('uid-1');
    for (const siteId of [1, 2, 3, 4, 5, 6, 7]) {
      cache.write({ key: 'siteSummary', siteId }, 'summary', { siteId });
    }
    expect(cache.historySiteIds()).toEqual([7, 6, 5, 4, 3]);
    expect(cache.read({ key: 'siteSummary', siteId: 2 }, 'summary')).toBeUndefined();
    // Writing to a kept site makes it the newest; its other entries stay.
    cache.write({ key: 'siteUnits', siteId: 4 }, 'units', [{ id: 9 }]);
    expect(cache.historySiteIds()).toEqual([4, 7, 6, 5, 3]);
    expect(cache.read({ key: 'siteSummary', siteId: 4 }, 'summary')?.data).toEqual({ siteId: 4 });
    await cache.flush();
  });

  it('keeps one entry per variant, newest first; the dashboard keeps the current and 4 others', async () => {
    const { cache } = newCache();
    await cache.open('uid-1');
    cache.write({ key: 'userSites' }, 'a', ['first']);
    cache.write({ key: 'userSites' }, 'b', ['other']);
    cache.write({ key: 'userSites' }, 'a', ['second']);
    expect(cache.record?.entries.userSites?.map((entry) => entry.variant)).toEqual(['a', 'b']);
    expect(cache.read({ key: 'userSites' }, 'a')?.data).toEqual(['second']);
    for (const variant of ['1', '2', '3', '4', '5', '6']) {
      cache.write({ key: 'dashboard' }, variant, variant);
    }
    expect(cache.record?.entries.dashboard?.map((entry) => entry.variant)).toEqual([
      '6',
      '5',
      '4',
      '3',
      '2',
    ]);
    await cache.flush();
  });

  it("an area's entries live in the snapshot of its site, named by the site's record", async () => {
    const { cache, store } = newCache();
    await cache.open('uid-1');
    cache.write({ key: 'sites', siteId: 1 }, 'site-1', { id: 1, areas: [{ id: 11 }, { id: 12 }] });
    cache.write({ key: 'sites', siteId: 2 }, 'site-2', { id: 2, areas: [{ id: 21 }] });
    cache.write({ key: 'areaRadios', areaId: 12 }, 'radios-12', [{ id: 5 }]);
    expect(cache.historySiteIds()).toEqual([1, 2]);
    expect(cache.read({ key: 'areaRadios', siteId: 1 }, 'radios-12')?.data).toEqual([{ id: 5 }]);
    expect(cache.read({ key: 'areaRadios', areaId: 12 }, 'radios-12')?.data).toEqual([{ id: 5 }]);
    expect(cache.read({ key: 'areaRadios', siteId: 2 }, 'radios-12')).toBeUndefined();
    expect(cache.read({ key: 'areaRadios', areaId: 21 }, 'radios-12')).toBeUndefined();
    // Stored so, and found again after a reload.
    await cache.flush();
    const reloaded = new OfflineCache({ store: () => store, log: () => undefined });
    await reloaded.open('uid-1');
    expect(reloaded.read({ key: 'areaRadios', areaId: 12 }, 'radios-12')?.data).toEqual([
      { id: 5 },
    ]);
  });

  it("an area's answer waits in memory until its site's record names the area", async () => {
    const { cache } = newCache();
    await cache.open('uid-1');
    cache.write({ key: 'areaPrograms', areaId: 31 }, 'programs-31', ['p'], 100);
    expect(cache.historySiteIds()).toEqual([]);
    // Served meanwhile (a page that started its area's calls beside the site's).
    expect(cache.read({ key: 'areaPrograms', areaId: 31 }, 'programs-31')).toEqual({
      variant: 'programs-31',
      data: ['p'],
      savedAt: 100,
    });
    cache.write({ key: 'sites', siteId: 3 }, 'site-3', { id: 3, areas: [{ id: 30 }] });
    expect(cache.read({ key: 'areaPrograms', siteId: 3 }, 'programs-31')).toBeUndefined();
    cache.write({ key: 'sites', siteId: 3 }, 'site-3', { id: 3, areas: [{ id: 30 }, { id: 31 }] });
    expect(cache.read({ key: 'areaPrograms', siteId: 3 }, 'programs-31')?.savedAt).toBe(100);
    // Another user does not see it.
    cache.write({ key: 'areaPrograms', areaId: 99 }, 'programs-99', ['q']);
    await cache.open('uid-2');
    expect(cache.read({ key: 'areaPrograms', areaId: 99 }, 'programs-99')).toBeUndefined();
  });

  it('an entry is outdated once older than one minute', () => {
    expect(isOutdated({ savedAt: 0 }, CACHE_ENTRY_MAX_AGE_MS)).toBe(false);
    expect(isOutdated({ savedAt: 0 }, CACHE_ENTRY_MAX_AGE_MS + 1)).toBe(true);
  });

  it('debounces writes to IndexedDB by 1 s', async () => {
    const { cache, store, writes } = newCache();
    await cache.open('uid-1');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    cache.write({ key: 'metrics' }, 'm', [1]);
    await vi.advanceTimersByTimeAsync(900);
    cache.write({ key: 'metrics' }, 'm', [1, 2]);
    await vi.advanceTimersByTimeAsync(900);
    expect(writes).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(100);
    vi.useRealTimers();
    await vi.waitFor(() => expect(writes).toHaveLength(1));
    const stored = (await get('uid-1', store)) as UserCacheRecord;
    expect(stored.entries.metrics?.[0]?.data).toEqual([1, 2]);
  });

  it('keeps each user to their own record', async () => {
    const { cache, store } = newCache();
    await cache.open('uid-a');
    cache.write({ key: 'userContact' }, 'c', { name: 'A' });
    await cache.open('uid-b');
    // A's pending write was saved before B's record opened.
    expect(((await get('uid-a', store)) as UserCacheRecord).entries.userContact?.[0]?.data).toEqual(
      { name: 'A' },
    );
    expect(cache.read({ key: 'userContact' }, 'c')).toBeUndefined();
    cache.write({ key: 'userContact' }, 'c', { name: 'B' });
    await cache.open('uid-a');
    expect(cache.read({ key: 'userContact' }, 'c')?.data).toEqual({ name: 'A' });
    expect(((await get('uid-b', store)) as UserCacheRecord).entries.userContact?.[0]?.data).toEqual(
      { name: 'B' },
    );
  });

  it('reset (logout) forgets the record here and in IndexedDB, pending writes included', async () => {
    const { cache, store } = newCache();
    await cache.open('uid-1');
    cache.write({ key: 'userSites' }, 'v', [1]);
    await cache.flush();
    cache.write({ key: 'userSites' }, 'v', [1, 2]);
    await cache.reset();
    expect(cache.uid).toBeNull();
    expect(cache.read({ key: 'userSites' }, 'v')).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await get('uid-1', store)).toBeUndefined();
  });

  it('writes nothing without an open record', async () => {
    const { cache, writes } = newCache();
    cache.write({ key: 'userSites' }, 'v', [1]);
    await cache.flush();
    expect(writes).toHaveLength(0);
  });
});
