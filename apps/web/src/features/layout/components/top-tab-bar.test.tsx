import { parseRoute, type RoutingArea } from '@paddock/domain';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { configureApiClient } from '../../../lib/api-client.ts';
import { jsonResponse, renderWithProviders } from '../../../testing/render.tsx';
import { TopTabBar } from './top-tab-bar.tsx';

const irrigation: RoutingArea = {
  id: 9,
  label: 'Block A',
  type: 'irrigation',
  capabilities: ['weather', 'soilMoisture'],
};
const frost: RoutingArea = { id: 10, label: 'Frost', type: 'frost', capabilities: [] };

/** Answers by path, so parallel queries need no order. */
function serve(routes: Record<string, unknown>) {
  const calls: string[] = [];
  const fetch = (async (url: RequestInfo | URL) => {
    const path = String(url).split('?')[0] ?? '';
    calls.push(path);
    return path in routes ? jsonResponse(200, routes[path]) : jsonResponse(404, { message: 'no' });
  }) as typeof globalThis.fetch;
  configureApiClient({ baseUrl: '/api', fetch });
  return calls;
}

const radio = (id: number, lastUpdate: string | null, fault = false) => ({
  id,
  type: 'WVC',
  unit: null,
  serialno: `R${id}`,
  section: null,
  location: null,
  tags: {},
  config: { repeater: false, coordinator: false, children: [] },
  overdue: false,
  lastUpdate,
  fault,
  online: true,
  batteryValue: 3.6,
  signalValue: -70,
  missesValue: 0,
});

function render(path: string, areas: readonly RoutingArea[] | undefined, isPhone = false) {
  return renderWithProviders(
    <TopTabBar route={parseRoute(path)} areas={areas} isPhone={isPhone} />,
    {
      path,
    },
  );
}

describe('§2 top tab bar', () => {
  it.each(['/dashboard', '/4/summary', '/', '/4/9/alarms'])('is hidden on %s', (path) => {
    serve({});
    render(path, [irrigation]);
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(screen.queryByText('Loading...')).toBeNull();
  });

  it("shows 'Loading...' until the area is known", () => {
    serve({});
    render('/4/irrigation/9', undefined);
    expect(screen.getByText('Loading...')).toBeTruthy();
  });

  it("shows the area's tabs with the open-event count and the telemetry status", async () => {
    const now = Date.now();
    serve({
      '/api/areas/9/events': { events: [], stats: { open: 12 } },
      '/api/areas/9/radios': [
        radio(1, new Date(now - 5 * 60_000 - 1_000).toISOString()),
        radio(2, null, true),
      ],
    });
    render('/4/irrigation/9', [frost, irrigation]);
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent?.split(/\d/)[0])).toEqual([
      'Irrigation',
      'Add-ons',
      'Weather',
      'Telemetry',
    ]);
    expect(screen.getByRole('tab', { name: /Irrigation/ }).getAttribute('aria-selected')).toBe(
      'true',
    );
    expect(await screen.findByLabelText('Open events: 9+')).toBeTruthy();
    expect(await screen.findByLabelText('Faults: 1')).toBeTruthy();
    expect(screen.getByText('5 min')).toBeTruthy();
  });

  it("falls back to the site's first area and navigates between tabs", async () => {
    serve({ '/api/areas/9/events': { events: [], stats: { open: 0 } }, '/api/areas/9/radios': [] });
    const { user, router } = render('/4/telemetry/alarms', [irrigation, frost]);
    expect(screen.getAllByRole('tab')).toHaveLength(4);
    expect(screen.getByRole('tab', { name: /Telemetry/ }).getAttribute('aria-selected')).toBe(
      'true',
    );
    await waitFor(() => expect(screen.getByText('--')).toBeTruthy());
    await user.click(screen.getByRole('tab', { name: /Irrigation/ }));
    expect(router.state.location.pathname).toBe('/4/irrigation/9');
  });

  it('shows Users alone in the admin section', () => {
    serve({});
    render('/4/users', [irrigation]);
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Users']);
  });

  it('shows icons only on phones, and hides on the full-screen zone page there', async () => {
    serve({ '/api/areas/9/events': { events: [], stats: { open: 0 } }, '/api/areas/9/radios': [] });
    const { user, router, unmount } = render('/4/irrigation/9', [irrigation], true);
    const telemetry = screen.getByRole('tab', { name: 'Telemetry' });
    expect(telemetry.textContent).toBe('');
    await user.click(telemetry);
    expect(router.state.location.pathname).toBe('/4/telemetry/9');
    unmount();
    render('/4/irrigation/9/zone/3', [irrigation], true);
    expect(screen.queryByRole('tablist')).toBeNull();
  });
});
