import { describe, expect, it } from 'vitest';
import {
  ADDON_DEVICE_LIMIT,
  ADDON_LIST_LIMIT,
  badgeCount,
  EXPORT_RECORDS_PER_PAGE,
  isNarrowScreen,
  isSmallScreen,
} from './limits.ts';

describe('§9 limits', () => {
  it.each([
    ['add-on device', ADDON_DEVICE_LIMIT, 3],
    ['add-on list', ADDON_LIST_LIMIT, 6],
    ['export records per page', EXPORT_RECORDS_PER_PAGE, 6],
  ])('%s is %d', (_name, actual, expected) => {
    expect(actual).toBe(expected);
  });
});

describe('§9 badge counts above 9 show 9+', () => {
  it.each([
    [1, '1'],
    [8, '8'],
    [9, '9'],
    [10, '9+'],
    [250, '9+'],
    [3.7, '3'],
    [9.5, '9'],
    [0, null],
    [0.5, null],
    [-1, null],
    [Number.NaN, null],
    [null, null],
    [undefined, null],
  ])('count %s shows %j', (count, text) => {
    expect(badgeCount(count)).toBe(text);
  });
});

describe('§9 narrow under 700 px, small from 768 px', () => {
  it.each([
    [699, true, false],
    [700, false, false],
    [767, false, false],
    [768, false, true],
    [1024, false, true],
  ])('width %d: narrow %s, small %s', (width, narrow, small) => {
    expect(isNarrowScreen(width)).toBe(narrow);
    expect(isSmallScreen(width)).toBe(small);
  });
});
