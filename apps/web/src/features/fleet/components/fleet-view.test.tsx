import type { Fleet, FleetItem } from '@paddock/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../testing/render.tsx';
import { FleetView } from './fleet-view.tsx';

/** The page's paging: 2 rows at first and per "Show more", at most 5 from one call. */
const PAGING = { pageRows: 2, maxRows: 5, loadingMore: false };
const view = (fleet: Fleet, onShowMore = () => undefined) =>
  renderWithProviders(<FleetView fleet={fleet} now={NOW} {...PAGING} onShowMore={onShowMore} />);

const NOW = new Date('2026-11-21T09:00:00.000Z');
const hoursAgo = (hours: number) => new Date(NOW.getTime() - hours * 3_600_000).toISOString();

function item(overrides: Partial<FleetItem> & Pick<FleetItem, 'kind' | 'severity'>): FleetItem {
  return {
    since: hoursAgo(1),
    site: { id: 1, label: 'Te Awa' },
    area: { id: 10, label: 'Block A' },
    target: { kind: 'radio', id: 5, label: 'R-1001' },
    text: '',
    route: '/1/telemetry/10?radio=5',
    ...overrides,
  };
}

/** As GET fleet sends it: most severe, then oldest first. */
const FLEET: Fleet = {
  generatedAt: NOW.toISOString(),
  items: [
    item({
      kind: 'alarm',
      severity: 'critical',
      since: hoursAgo(2),
      site: { id: 2, label: 'Rapaura' },
      target: { kind: 'alarm', id: 7, label: 'Tank low' },
      text: '12.5',
      route: '/2/20/alarms/7',
    }),
    item({ kind: 'overdueRadio', severity: 'warning', since: hoursAgo(50) }),
    item({
      kind: 'lowBattery',
      severity: 'info',
      since: hoursAgo(0.5),
      site: { id: 3, label: 'Awatere' },
      target: { kind: 'radio', id: 9, label: 'R-3001' },
      text: '3.21 V',
      route: '/3/telemetry/30?radio=9',
    }),
  ],
  total: 3,
  sites: [],
};

const rows = () =>
  screen.getAllByTestId('fleet-row').map((row) => within(row).getByRole('link').textContent);

describe('the fleet view', () => {
  it('lists each item with its severity, age, site and a link to its page, most severe first', () => {
    view(FLEET);
    expect(screen.getByText('3 items need a person')).toBeTruthy();
    expect(rows()).toEqual(['Alarm: Tank low', 'Radio overdue: R-1001', 'Low battery: R-3001']);
    const first = within(screen.getAllByTestId('fleet-row')[0] as HTMLElement);
    expect(first.getByText('Critical')).toBeTruthy();
    expect(first.getByText('2 hr. ago')).toBeTruthy();
    expect(first.getByText('Rapaura')).toBeTruthy();
    expect(first.getByText('12.5')).toBeTruthy();
    expect(first.getByRole('link').getAttribute('href')).toBe('/2/20/alarms/7');
  });

  it('sorts by a column, a second click reversing it', async () => {
    const { user } = view(FLEET);
    await user.click(screen.getByRole('button', { name: 'Sort by Age' }));
    expect(rows()).toEqual(['Radio overdue: R-1001', 'Alarm: Tank low', 'Low battery: R-3001']);
    expect(
      screen.getByRole('button', { name: 'Sort by Age' }).closest('th')?.getAttribute('aria-sort'),
    ).toBe('ascending');
    await user.click(screen.getByRole('button', { name: 'Sort by Age' }));
    expect(rows()).toEqual(['Low battery: R-3001', 'Alarm: Tank low', 'Radio overdue: R-1001']);
    await user.click(screen.getByRole('button', { name: 'Sort by Site' }));
    expect(rows()).toEqual(['Low battery: R-3001', 'Alarm: Tank low', 'Radio overdue: R-1001']);
    await user.click(screen.getByRole('button', { name: 'Sort by Severity' }));
    expect(rows()).toEqual(['Alarm: Tank low', 'Radio overdue: R-1001', 'Low battery: R-3001']);
  });

  it('says when nothing needs a person, and when the list is cut short', () => {
    const { unmount } = view({ ...FLEET, items: [], total: 0 });
    expect(screen.getByText(/Nothing needs a person now/)).toBeTruthy();
    unmount();
    view({ ...FLEET, total: 1200 });
    expect(screen.getByText('Showing the first 3 of 1200')).toBeTruthy();
  });

  it('offers more rows while the list has more, up to the most one call gives', async () => {
    const showMore = vi.fn();
    const { user, unmount } = view({ ...FLEET, total: 4 }, showMore);
    // 3 rows held of 4: one more to ask for.
    await user.click(screen.getByRole('button', { name: 'Show 1 more' }));
    expect(showMore).toHaveBeenCalledTimes(1);
    unmount();
    // 3 held of 1,200, but a call gives at most 5: two more, then no button.
    view({ ...FLEET, total: 1200 });
    expect(screen.getByRole('button', { name: 'Show 2 more' })).toBeTruthy();
  });

  it('offers no more rows when it holds the whole list', () => {
    view(FLEET);
    expect(screen.queryByRole('button', { name: /more$/ })).toBeNull();
  });
});
