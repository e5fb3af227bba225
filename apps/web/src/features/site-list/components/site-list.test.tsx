import { buildSite } from '@paddock/domain/testing';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/render.tsx';
import { SiteList } from './site-list.tsx';

const NOW = new Date('2026-11-21T08:00:00Z');
const SITES = [
  buildSite({
    id: 1,
    label: 'Te Awa Vineyard',
    tags: { country: 'nz', region: "Hawke's Bay" },
    summary: { faults: 0, warnings: 1, running: 1, lastUpdate: '2026-11-21T07:55:00Z' },
  }),
  buildSite({
    id: 4,
    label: 'Loxton Almonds',
    tags: { country: 'au', region: 'Riverland' },
    summary: { faults: 2, warnings: 0, running: 0, lastUpdate: null },
  }),
  buildSite({ id: 2, label: 'Rapaura Vineyard', tags: { country: 'nz', region: 'Marlborough' } }),
];

describe('SiteList (§2 landing page)', () => {
  it('groups the sites by country and region, each with its brief summary and a link', () => {
    renderWithProviders(<SiteList sites={SITES} now={NOW} />);
    const nz = screen.getByRole('region', { name: 'New Zealand' });
    expect(within(nz).getByRole('heading', { name: "Hawke's Bay" })).toBeTruthy();
    const teAwa = within(nz).getByRole('link', { name: /Te Awa Vineyard/ });
    expect(teAwa.getAttribute('href')).toBe('/1');
    expect(teAwa.textContent).toContain('1 warning');
    expect(teAwa.textContent).toContain('1 program running');
    expect(teAwa.textContent).toContain('Updated 5 minutes ago');
    const loxton = within(screen.getByRole('region', { name: 'Australia' })).getByRole('link');
    expect(loxton.textContent).toContain('2 faults');
    expect(loxton.textContent).toContain('Updated --');
  });

  it('narrows the list with the search box', async () => {
    const { user } = renderWithProviders(<SiteList sites={SITES} now={NOW} />);
    await user.type(screen.getByLabelText('Search sites'), 'vineyard marl');
    expect(screen.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(['/2']);
    await user.clear(screen.getByLabelText('Search sites'));
    await user.type(screen.getByLabelText('Search sites'), 'nowhere');
    expect(screen.queryAllByRole('link')).toHaveLength(0);
    expect(screen.getByText('No site matches "nowhere".')).toBeTruthy();
  });
});
