import { EMPTY_SITE_FILTER } from '@paddock/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  closeSiteFilter,
  isSiteFilterOpen,
  openSiteFilter,
  readSiteFilter,
  subscribeSiteFilter,
  writeSiteFilter,
} from './site-filter-store.ts';

afterEach(() => {
  localStorage.clear();
  closeSiteFilter();
});

describe('§3 site_filters: filter name → semicolon-separated values', () => {
  it('stores only the keys with values and reads them back', () => {
    writeSiteFilter({ ...EMPTY_SITE_FILTER, country: ['nz', 'au'], region: ["Hawke's Bay"] });
    expect(JSON.parse(localStorage.getItem('site_filters') ?? 'null')).toEqual({
      country: 'nz;au',
      region: "Hawke's Bay",
    });
    expect(readSiteFilter()).toEqual({
      ...EMPTY_SITE_FILTER,
      country: ['nz', 'au'],
      region: ["Hawke's Bay"],
    });
  });

  it('removes the key for an empty filter and reads junk as no filter', () => {
    writeSiteFilter({ ...EMPTY_SITE_FILTER, client: ['X'] });
    writeSiteFilter(EMPTY_SITE_FILTER);
    expect(localStorage.getItem('site_filters')).toBeNull();
    localStorage.setItem('site_filters', '[1,2');
    expect(readSiteFilter()).toEqual(EMPTY_SITE_FILTER);
  });

  it('keeps one snapshot until the stored value changes, and tells subscribers', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeSiteFilter(listener);
    writeSiteFilter({ ...EMPTY_SITE_FILTER, operator: ['A'] });
    expect(readSiteFilter()).toBe(readSiteFilter());
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
  });

  it('opens and closes the modal from anywhere', () => {
    openSiteFilter();
    expect(isSiteFilterOpen()).toBe(true);
    closeSiteFilter();
    expect(isSiteFilterOpen()).toBe(false);
  });
});
