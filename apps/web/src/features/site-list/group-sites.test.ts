import { describe, expect, it } from 'vitest';
import { groupSites } from './group-sites.ts';
import { taggedSite } from '../../testing/fixtures.ts';

const site = taggedSite<'nz' | 'au'>;

const SITES = [
  site(1, 'Te Awa Vineyard', 'nz', "Hawke's Bay"),
  site(2, 'Rapaura Vineyard', 'nz', 'Marlborough'),
  site(3, 'Dunsandel Dairy', 'nz', 'Canterbury'),
  site(4, 'Loxton Almonds', 'au', 'Riverland'),
  site(7, 'Barmera Grapes', 'au', 'Riverland'),
];
const names = { nz: 'New Zealand', au: 'Australia' } as const;
const countryName = (code: 'nz' | 'au') => names[code];

describe('groupSites', () => {
  it('groups by country then region, each sorted by name', () => {
    const groups = groupSites(SITES, '', countryName);
    expect(groups.map((group) => group.country)).toEqual(['au', 'nz']);
    expect(groups[0]?.regions).toEqual([{ region: 'Riverland', sites: [SITES[4], SITES[3]] }]);
    expect(groups[1]?.regions.map((region) => region.region)).toEqual([
      'Canterbury',
      "Hawke's Bay",
      'Marlborough',
    ]);
  });

  it.each([
    ['vineyard', [1, 2]],
    ['VINEYARD rapaura', [2]],
    ['riverland', [4, 7]],
    ['zealand', [1, 2, 3]],
    ['australia', [4, 7]],
    ['nothing like it', []],
  ])('search %j keeps sites %j', (search, ids) => {
    const found = groupSites(SITES, search, countryName)
      .flatMap((group) => group.regions)
      .flatMap((region) => region.sites)
      .map((listed) => listed.id)
      .sort((a, b) => a - b);
    expect(found).toEqual(ids);
  });
});
