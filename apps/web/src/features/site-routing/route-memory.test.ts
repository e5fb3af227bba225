import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  bannedSites,
  banSiteFor,
  LAST_ROUTE_KEY,
  lastRouteSiteId,
  readLastRoute,
  rememberablePath,
  resetRouteMemory,
  writeLastRoute,
} from './route-memory.ts';

beforeEach(() => {
  localStorage.clear();
  resetRouteMemory();
});
afterEach(() => localStorage.clear());

describe('last route (§3 preference lastRoute)', () => {
  it.each([
    ['/4/summary', '', '/4/summary'],
    ['/4/telemetry/9', '?radio=3', '/4/telemetry/9?radio=3'],
    ['/4/irrigation/9/zone/5', '?valve=2', '/4/irrigation/9/zone/5?valve=2'],
    ['/dashboard', '?country=nz', '/dashboard?country=nz'],
    ['/4/9/alarms', '', '/4/9/alarms'],
    ['/', '', null],
    ['/4', '', null],
    ['/4/9', '', null],
    ['/4/9/radio/3', '', null],
    ['/notfound', '', null],
    ['/login', '', null],
    ['/no/such/page/at/all', '', null],
  ])('%s%s is remembered as %s', (pathname, search, expected) => {
    expect(rememberablePath(pathname, search)).toBe(expected);
  });

  it('is stored per user under the lastRoute key', () => {
    writeLastRoute('uid-1', '/4/summary');
    expect(JSON.parse(localStorage.getItem(LAST_ROUTE_KEY) ?? '')).toEqual({
      uid: 'uid-1',
      value: '/4/summary',
    });
    expect(readLastRoute('uid-1')).toBe('/4/summary');
    expect(readLastRoute('uid-2')).toBeNull();
    expect(readLastRoute(null)).toBeNull();
  });

  it('ignores unreadable or unusable records', () => {
    localStorage.setItem(LAST_ROUTE_KEY, 'not json');
    expect(readLastRoute('uid-1')).toBeNull();
    localStorage.setItem(LAST_ROUTE_KEY, JSON.stringify({ uid: 'uid-1', value: '/' }));
    expect(readLastRoute('uid-1')).toBeNull();
  });

  it('names the site of a stored path', () => {
    expect(lastRouteSiteId('/4/telemetry/9?radio=3')).toBe(4);
    expect(lastRouteSiteId('/dashboard')).toBeUndefined();
    expect(lastRouteSiteId(null)).toBeUndefined();
  });
});

describe('banned sites (§2)', () => {
  it('are kept per user without repeats', () => {
    banSiteFor('uid-1', 4);
    banSiteFor('uid-1', 4);
    banSiteFor('uid-1', 6);
    expect(bannedSites('uid-1')).toEqual([4, 6]);
    expect(bannedSites('uid-2')).toEqual([]);
    banSiteFor('uid-2', 1);
    expect(bannedSites('uid-1')).toEqual([]);
  });
});
