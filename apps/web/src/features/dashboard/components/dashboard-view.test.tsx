import type { DashboardFilter, Site } from '@paddock/domain';
import { buildSite } from '@paddock/domain/testing';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '../../../lib/api-client.ts';
import { writeAuth } from '../../../lib/auth-storage.ts';
import {
  jsonResponse,
  renderWithProviders,
  scriptedFetch,
  tokenSet,
} from '../../../testing/render.tsx';
import type { SitesMapProps } from './sites-map.tsx';
import { DashboardView } from './dashboard-view.tsx';

// Leaflet needs a real layout engine; the map is checked end to end (e2e/routing.spec.ts). Here a
// stand-in lists the markers it is given and lets a test click one.
vi.mock('./sites-map.tsx', () => ({
  default: ({ markers, selected, onSelect, label }: SitesMapProps) => (
    <div role="region" aria-label={label}>
      {markers.map((marker) => (
        <button
          key={marker.id}
          type="button"
          data-status={marker.status}
          data-selected={marker.id === selected}
          onClick={() => onSelect(marker.id)}
        >
          {`marker ${marker.label}`}
        </button>
      ))}
    </div>
  ),
}));

const NOW = new Date('2026-11-21T08:00:00Z');
/** A site of the dashboard: where it is, its country and region, its applications and summary. */
function dashboardSite(
  [id, label, location]: [number, string, string],
  [country, region]: [Site['tags']['country'], string],
  applications: Site['applications'],
  summary?: { faults: number; warnings: number },
) {
  return buildSite({
    id,
    label,
    location,
    tags: { country, region },
    applications,
    ...(summary && { summary: { ...summary, running: 0, lastUpdate: null } }),
  });
}

const SITES = [
  dashboardSite([1, 'Te Awa', '[-39.6,176.7]'], ['nz', "Hawke's Bay"], ['irrigation', 'frost'], {
    faults: 0,
    warnings: 1,
  }),
  dashboardSite([4, 'Loxton', '[-34.4,140.5]'], ['au', 'Riverland'], ['irrigation', 'water'], {
    faults: 1,
    warnings: 0,
  }),
  dashboardSite([3, 'Dunsandel', '[-43.6,172.1]'], ['nz', 'Canterbury'], ['water']),
];

function setup(filter: DashboardFilter = {}) {
  const onFilterChange = vi.fn();
  const view = renderWithProviders(
    <DashboardView sites={SITES} filter={filter} onFilterChange={onFilterChange} now={NOW} />,
  );
  return { ...view, onFilterChange };
}

const markers = async () =>
  within(await screen.findByRole('region', { name: 'Sites map' })).getAllByRole('button');

describe('DashboardView (§2 dashboard)', () => {
  it('draws one marker per site, coloured by its brief summary', async () => {
    setup();
    const drawn = await markers();
    expect(drawn.map((marker) => [marker.textContent, marker.dataset.status])).toEqual([
      ['marker Te Awa', 'warning'],
      ['marker Loxton', 'fault'],
      ['marker Dunsandel', 'normal'],
    ]);
    expect(screen.getByText('Showing 3 of 3 sites')).toBeTruthy();
  });

  it('narrows markers and list by the query filters', async () => {
    setup({ country: 'nz', application: 'water' });
    expect((await markers()).map((marker) => marker.textContent)).toEqual(['marker Dunsandel']);
    expect(
      within(screen.getByRole('list', { name: 'Sites' })).getAllByRole('listitem'),
    ).toHaveLength(1);
  });

  it('writes a chosen filter value and clears them all', async () => {
    const { user, onFilterChange } = setup({ region: 'Riverland' });
    await user.click(screen.getByRole('combobox', { name: 'Country' }));
    // happy-dom leaves Mantine's dropdown transition at display: none; the option still works.
    await user.click(screen.getByRole('option', { name: 'Australia', hidden: true }));
    expect(onFilterChange).toHaveBeenLastCalledWith({ country: 'au', region: 'Riverland' });
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(onFilterChange).toHaveBeenLastCalledWith({});
  });

  it('highlights one site from the map or the list; again clears; reset restores', async () => {
    const { user } = setup();
    const list = screen.getByRole('list', { name: 'Sites' });
    const row = within(list).getByRole('button', { name: /Loxton/ });
    await user.click((await markers())[1] as HTMLElement);
    expect(row.getAttribute('aria-pressed')).toBe('true');
    expect((await markers())[1]?.dataset.selected).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Reset selection' }));
    expect(row.getAttribute('aria-pressed')).toBe('false');
    await user.click(row);
    expect((await markers())[1]?.dataset.selected).toBe('true');
    await user.click(row);
    expect((await markers())[1]?.dataset.selected).toBe('false');
    // A site opens on its detail pane, the summary (§2).
    expect(within(list).getByRole('link', { name: 'Open Loxton' }).getAttribute('href')).toBe(
      '/4/summary',
    );
  });

  it("shows each site's count of what needs a person, in its most severe colour, linking to the fleet", async () => {
    writeAuth(tokenSet());
    const fleet = scriptedFetch(
      jsonResponse(200, {
        generatedAt: NOW.toISOString(),
        items: [],
        total: 4,
        sites: [
          { site: { id: 4, label: 'Loxton' }, count: 3, severity: 'critical' },
          { site: { id: 1, label: 'Te Awa' }, count: 1, severity: 'info' },
        ],
      }),
    );
    configureApiClient({ baseUrl: '/api', fetch: fleet.fetch });
    setup();
    const badges = await screen.findAllByTestId('site-attention');
    expect(badges.map((badge) => badge.getAttribute('aria-label'))).toEqual([
      '1 item needs a person',
      '3 items need a person',
    ]);
    expect(badges[1]?.getAttribute('href')).toBe('/fleet');
    expect(fleet.calls.map((call) => call.url)).toEqual(['/api/fleet?limit=0']);
    localStorage.clear();
  });
});
