import type { Site } from '@paddock/domain';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '../../../lib/api-client.ts';
import { jsonResponse, renderWithProviders, scriptedFetch } from '../../../testing/render.tsx';
import { SeasonModal } from './season-modal.tsx';

const site: Site = {
  id: 3,
  label: 'Dunsandel Dairy',
  location: '[-43.67,172.2]',
  type: 'site',
  tags: { country: 'nz', region: 'Canterbury' },
  applications: ['irrigation'],
  settings: {},
  config: { timezone: 'Pacific/Auckland' },
  modified: '2026-01-01T00:00:00.000Z',
};
const now = new Date('2026-03-15T00:00:00Z');

function setup(siteOverride: Site, ...answers: Parameters<typeof scriptedFetch>) {
  const network = scriptedFetch(...answers);
  configureApiClient({ baseUrl: '/api', fetch: network.fetch });
  const onClose = vi.fn();
  const view = renderWithProviders(
    <SeasonModal opened onClose={onClose} site={siteOverride} now={now} />,
  );
  const invalidate = vi.spyOn(view.queryClient, 'invalidateQueries');
  return { ...view, network, onClose, invalidate };
}

describe('§2 Season dialog', () => {
  it('shows the default season (day and month) when none is saved', () => {
    setup(site);
    expect(screen.getByText('Season')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Season start' }).textContent).toBe('1 September');
    expect(screen.getByRole('button', { name: 'Season end' }).textContent).toBe('31 May');
  });

  it('saves the existing config plus the season, refreshes the site and closes', async () => {
    const saved = { ...site, config: { ...site.config, season: { start: '0110', end: '3004' } } };
    const { user, network, onClose, invalidate } = setup(
      { ...site, config: { ...site.config, season: { start: '0110', end: '3004' } } },
      jsonResponse(200, saved),
    );
    expect(screen.getByRole('button', { name: 'Season start' }).textContent).toBe('1 October');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(network.calls[0]?.url).toBe('/api/sites/3');
    expect(network.calls[0]?.init?.method).toBe('PUT');
    expect(JSON.parse(String(network.calls[0]?.init?.body))).toEqual({
      config: {
        timezone: 'Pacific/Auckland',
        season: { start: '0110', end: '3004' },
      },
    });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['sites'] });
  });

  it('requires both dates', async () => {
    const { user, network, onClose } = setup(site);
    await user.click(screen.getByRole('button', { name: 'Clear season start' }));
    await user.click(screen.getByRole('button', { name: 'Clear season end' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Season start date is required')).toBeTruthy();
    expect(screen.getByText('Season end date is required')).toBeTruthy();
    expect(network.calls).toHaveLength(0);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('closes with no message when saving fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { user, onClose } = setup(site, jsonResponse(500, { message: 'boom' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(screen.queryByRole('alert')).toBeNull();
    warn.mockRestore();
  });
});
