import { afterEach, describe, expect, it, vi } from 'vitest';
import { readRecentSites, subscribeRecentSites, visitRecentSite } from './recent-sites.ts';

afterEach(() => localStorage.clear());

describe('§2 RECENT list, stored as recent_sites_{uid} (§3)', () => {
  it('keeps up to three sites, newest first, without duplicates', () => {
    for (const [siteId, label] of [
      [1, 'A'],
      [2, 'B'],
      [3, 'C'],
      [1, 'A'],
      [4, 'D'],
    ] as const) {
      visitRecentSite('uid-1', { siteId, label });
    }
    expect(readRecentSites('uid-1')).toEqual([
      { siteId: 4, label: 'D' },
      { siteId: 1, label: 'A' },
      { siteId: 3, label: 'C' },
    ]);
    expect(JSON.parse(localStorage.getItem('recent_sites_uid-1') ?? 'null')).toEqual({
      currentUserId: 'uid-1',
      sites: readRecentSites('uid-1'),
    });
  });

  it('is per user and ignores a record of another user or a broken one', () => {
    visitRecentSite('uid-1', { siteId: 1, label: 'A' });
    expect(readRecentSites('uid-2')).toEqual([]);
    localStorage.setItem(
      'recent_sites_uid-3',
      JSON.stringify({ currentUserId: 'uid-1', sites: [] }),
    );
    localStorage.setItem('recent_sites_uid-4', '{not json');
    expect(readRecentSites('uid-3')).toEqual([]);
    expect(readRecentSites('uid-4')).toEqual([]);
  });

  it('tells subscribers, and writes nothing when the site is already first', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeRecentSites(listener);
    visitRecentSite('uid-1', { siteId: 1, label: 'A' });
    visitRecentSite('uid-1', { siteId: 1, label: 'A' });
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
  });
});
