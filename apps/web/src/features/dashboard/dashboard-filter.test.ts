import { describe, expect, it } from 'vitest';
import {
  applyDashboardFilter,
  chosenValues,
  dashboardFilterOptions,
  filterValues,
  siteMarkers,
  withFilterValues,
  type DashboardSite,
} from './dashboard-filter.ts';

const site = (
  id: number,
  country: string,
  region: string,
  applications: string[],
  extra: Partial<DashboardSite> = {},
): DashboardSite => ({
  id,
  label: `Site ${id}`,
  location: '[-39.6,176.7]',
  tags: { country, region },
  applications,
  summary: { faults: 0, warnings: 0, running: 0, lastUpdate: null },
  ...extra,
});

const SITES = [
  site(1, 'nz', "Hawke's Bay", ['irrigation', 'frost', 'water']),
  site(2, 'nz', 'Marlborough', ['irrigation', 'frost']),
  site(3, 'nz', 'Canterbury', ['irrigation', 'water']),
  site(4, 'au', 'Riverland', ['irrigation', 'water']),
  site(5, 'au', 'Sunraysia', ['irrigation', 'frost']),
];
const ids = (list: readonly DashboardSite[]) => list.map((entry) => entry.id);

describe('dashboard filter (§2 query parameters country, region, application)', () => {
  it.each([
    [{}, [1, 2, 3, 4, 5]],
    [{ country: 'nz' }, [1, 2, 3]],
    [{ country: 'NZ' }, [1, 2, 3]],
    [{ country: 'au;nz' }, [1, 2, 3, 4, 5]],
    [{ country: 'au', application: 'frost' }, [5]],
    [{ region: 'Marlborough;Riverland' }, [2, 4]],
    [{ application: 'water' }, [1, 3, 4]],
    [{ country: 'fr' }, []],
  ])('%o keeps %o', (filter, expected) => {
    expect(ids(applyDashboardFilter(SITES, filter))).toEqual(expected);
  });

  it('splits and joins semicolon lists', () => {
    expect(filterValues('nz;;au')).toEqual(['nz', 'au']);
    expect(filterValues(undefined)).toEqual([]);
    expect(withFilterValues({ country: 'nz' }, 'region', ['A', 'B'])).toEqual({
      country: 'nz',
      region: 'A;B',
    });
    expect(withFilterValues({ country: 'nz', region: 'A' }, 'country', [])).toEqual({
      region: 'A',
    });
  });

  it('offers the values of sites passing the other filters, plus those chosen', () => {
    const options = dashboardFilterOptions(SITES, { country: 'au', region: 'Elsewhere' });
    expect(options.country).toEqual(['au']); // no site is in region Elsewhere: only the chosen one
    expect(options.region).toEqual(['Elsewhere', 'Riverland', 'Sunraysia']);
    expect(dashboardFilterOptions(SITES, {}).country).toEqual(['au', 'nz']);
    expect(dashboardFilterOptions(SITES, { country: 'NZ' }).country).toEqual(['au', 'nz']);
    expect(chosenValues({ country: 'NZ;fr' }, 'country', ['au', 'nz'])).toEqual(['nz', 'fr']);
    expect(dashboardFilterOptions(SITES, { country: 'au' }).application).toEqual([
      'frost',
      'irrigation',
      'water',
    ]);
  });
});

describe('siteMarkers', () => {
  it('reads lat-first location text and colours by the brief summary', () => {
    const markers = siteMarkers([
      site(1, 'nz', 'A', [], { summary: { faults: 1, warnings: 0, running: 0, lastUpdate: null } }),
      site(2, 'nz', 'A', [], { summary: { faults: 0, warnings: 2, running: 0, lastUpdate: null } }),
      site(3, 'nz', 'A', [], { location: 'not a point' }),
      site(4, 'nz', 'A', [], { location: '[-34.4352,140.5928]', summary: null }),
    ]);
    expect(markers).toEqual([
      { id: 1, label: 'Site 1', position: { lat: -39.6, lng: 176.7 }, status: 'fault' },
      { id: 2, label: 'Site 2', position: { lat: -39.6, lng: 176.7 }, status: 'warning' },
      { id: 4, label: 'Site 4', position: { lat: -34.4352, lng: 140.5928 }, status: 'normal' },
    ]);
  });
});
