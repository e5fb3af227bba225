import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../testing/render.tsx';
import { AppSidebar, type AppSidebarProps } from './app-sidebar.tsx';

const sites = [
  { id: 1, label: 'Te Awa Vineyard', tags: { country: 'nz' as const, region: "Hawke's Bay" } },
  { id: 4, label: 'Loxton Almonds', tags: { country: 'au' as const, region: 'Riverland' } },
];
const site = {
  id: 1,
  label: 'Te Awa Vineyard',
  areas: [
    { id: 3, label: 'Water supply', type: 'water' as const, capabilities: ['water' as const] },
    { id: 1, label: 'Block 10', type: 'irrigation' as const, capabilities: ['weather' as const] },
  ],
};

function setup(overrides: Partial<AppSidebarProps> = {}, path = '/1/irrigation/1') {
  const props: AppSidebarProps = {
    sites,
    site,
    siteId: 1,
    areaId: 1,
    canViewUsers: true,
    canEditSeason: true,
    filterActive: false,
    recent: [{ siteId: 4, label: 'Loxton Almonds' }],
    onSelectSite: vi.fn(),
    onOpenFilter: vi.fn(),
    onOpenSeason: vi.fn(),
    ...overrides,
  };
  return { ...renderWithProviders(<AppSidebar {...props} />, { path }), props };
}

const linkTo = (name: string | RegExp) => screen.getByRole('link', { name }).getAttribute('href');

describe('§2 sidebar', () => {
  it('shows Dashboard, the site search, Summary, areas sorted with their entries, Users, Season, RECENT and the version', async () => {
    const { user } = setup();
    expect(linkTo('Dashboard')).toBe('/dashboard');
    expect(linkTo('Summary')).toBe('/1/summary');
    // Decision (docs/reports.md): the site's Reports place, site-wide like Summary.
    expect(linkTo('Reports')).toBe('/1/reports');
    expect(linkTo('Users')).toBe('/1/users');
    expect(screen.getByRole('button', { name: 'Season' })).toBeTruthy();
    const areas = screen.getAllByRole('button').map((button) => button.textContent);
    expect(areas.indexOf('Block 10')).toBeLessThan(areas.indexOf('Water supply'));
    // The route's area starts expanded: Irrigation, Weather, Telemetry.
    expect(linkTo('Irrigation')).toBe('/1/irrigation/1');
    expect(linkTo('Weather')).toBe('/1/weather/1');
    await user.click(screen.getByRole('button', { name: 'Water supply' }));
    expect(linkTo('Add-ons')).toBe('/1/addons/3');
    expect(linkTo('Loxton Almonds')).toBe('/4');
    expect(screen.getByText('Version 1.2.25')).toBeTruthy();
  });

  it('has no Dashboard link, no search and the site name with one site', () => {
    setup({ sites: sites.slice(0, 1) });
    expect(screen.queryByRole('link', { name: 'Dashboard' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Site' })).toBeNull();
    expect(screen.getAllByText('Te Awa Vineyard').length).toBeGreaterThan(0);
  });

  it('hides Users without viewUsers and Season without edit', () => {
    setup({ canViewUsers: false, canEditSeason: false });
    expect(screen.queryByRole('link', { name: 'Users' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Season' })).toBeNull();
  });

  it("links the site's audit log beside Users only for those who may read it (issue 33)", () => {
    const { unmount } = setup({ canReadAudit: true });
    expect(linkTo('Audit log')).toBe('/1/audit');
    unmount();
    setup();
    expect(screen.queryByRole('link', { name: 'Audit log' })).toBeNull();
  });

  it('picks the first match with Enter and opens the filter', async () => {
    const { user, props } = setup(
      { siteId: undefined, site: undefined, areaId: undefined },
      '/dashboard',
    );
    await user.click(screen.getByRole('combobox', { name: 'Site' }));
    await user.keyboard('lox');
    await user.keyboard('{Enter}');
    expect(props.onSelectSite).toHaveBeenCalledWith(4);
    await user.click(screen.getByRole('button', { name: 'Site filter' }));
    expect(props.onOpenFilter).toHaveBeenCalled();
  });
});
