import { describe, expect, it } from 'vitest';
import { filterSiteGroups, firstSiteMatch, groupSites } from './site-options.ts';
import { taggedSite } from '../../testing/fixtures.ts';

const site = taggedSite<'nz' | 'au'>;
const SITES = [
  site(1, 'Te Awa Vineyard', 'nz', "Hawke's Bay"),
  site(4, 'Loxton Almonds', 'au', 'Riverland'),
  site(2, 'Rapaura Vineyard', 'nz', 'Marlborough'),
  site(7, 'Bridge Pa Orchard', 'nz', "Hawke's Bay"),
  site(6, 'Huon Valley Orchard', 'au', 'Tasmania'),
];
const NAMES = { nz: 'New Zealand', au: 'Australia' } as const;
const groups = groupSites(SITES, (code) => NAMES[code]);

describe('§2 sidebar site search: grouped by country and region', () => {
  it('groups by country then region, sites by label', () => {
    expect(groups).toEqual([
      { group: 'Australia · Riverland', items: [{ value: '4', label: 'Loxton Almonds' }] },
      { group: 'Australia · Tasmania', items: [{ value: '6', label: 'Huon Valley Orchard' }] },
      {
        group: "New Zealand · Hawke's Bay",
        items: [
          { value: '7', label: 'Bridge Pa Orchard' },
          { value: '1', label: 'Te Awa Vineyard' },
        ],
      },
      { group: 'New Zealand · Marlborough', items: [{ value: '2', label: 'Rapaura Vineyard' }] },
    ]);
  });

  it('has no groups without sites', () => {
    expect(groupSites([], (code) => code)).toEqual([]);
  });
});

describe('§2 typing filters; Enter picks the first match', () => {
  it.each([
    ['', '4'],
    ['vineyard', '1'],
    ['  VINEYARD ', '1'],
    ['rapa', '2'],
    ['tasmania', '6'],
    ['new zealand', '7'],
    ['orchard', '6'],
  ])('%j → site %s first', (search, id) => {
    expect(firstSiteMatch(groups, search)?.value).toBe(id);
  });

  it('matches nothing for an unknown name', () => {
    expect(filterSiteGroups(groups, 'nowhere')).toEqual([]);
    expect(firstSiteMatch(groups, 'nowhere')).toBeUndefined();
  });

  it('keeps a whole group when the group matches, and only matching sites otherwise', () => {
    expect(filterSiteGroups(groups, "hawke's").map((group) => group.items.length)).toEqual([2]);
    expect(filterSiteGroups(groups, 'te awa')).toEqual([
      { group: "New Zealand · Hawke's Bay", items: [{ value: '1', label: 'Te Awa Vineyard' }] },
    ]);
  });
});
