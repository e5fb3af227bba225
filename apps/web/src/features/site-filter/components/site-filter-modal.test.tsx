import { screen, waitFor } from '@testing-library/react';
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { configureApiClient } from '../../../lib/api-client.ts';
import { jsonResponse, renderWithProviders, scriptedFetch } from '../../../testing/render.tsx';
import {
  closeSiteFilter,
  openSiteFilter,
  readSiteFilter,
  writeSiteFilter,
} from '../site-filter-store.ts';
import { SiteFilterModal } from './site-filter-modal.tsx';

const options = {
  application: ['frost', 'irrigation'],
  country: ['au', 'nz'],
  region: ["Hawke's Bay", 'Riverland'],
  operator: [],
  client: [],
};

afterEach(() => {
  closeSiteFilter();
  localStorage.clear();
});

function setup() {
  const network = scriptedFetch(jsonResponse(200, options), jsonResponse(200, options));
  configureApiClient({ baseUrl: '/api', fetch: network.fetch });
  const view = renderWithProviders(<SiteFilterModal />);
  act(() => openSiteFilter());
  return { ...view, network };
}

describe('§2 Site filter modal', () => {
  it('offers a list per key from GET sites/filter', async () => {
    const { network } = setup();
    for (const label of ['Application', 'Country', 'Region', 'Operator', 'Client']) {
      expect(await screen.findByText(label)).toBeTruthy();
    }
    await waitFor(() => expect(network.calls[0]?.url).toBe('/api/sites/filter'));
  });

  it('Apply stores the choice as name → values and closes; Clear empties it', async () => {
    writeSiteFilter({ application: [], country: ['nz'], region: [], operator: [], client: [] });
    const { user } = setup();
    expect((await screen.findAllByText('New Zealand')).length).toBeGreaterThan(0);
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(localStorage.getItem('site_filters')).toBe('{"country":"nz"}');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Apply' })).toBeNull());
    act(() => openSiteFilter());
    await user.click(await screen.findByRole('button', { name: 'Clear' }));
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(readSiteFilter().country).toEqual([]);
    expect(localStorage.getItem('site_filters')).toBeNull();
  });
});
