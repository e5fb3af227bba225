import { BANNER_HIDE_MS, INCIDENT_BANNER, MAINTENANCE_BANNER } from '@paddock/domain';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { configureApiClient } from '../../../lib/api-client.ts';
import { jsonResponse, renderWithProviders, scriptedFetch } from '../../../testing/render.tsx';
import { getStatusSummaryQueryOptions, statusQueryClient } from '../api/get-status-summary.ts';
import { StatusBanner } from './status-banner.tsx';

const incidentSummary = {
  activeIncidents: [{ name: 'Delayed telemetry', url: 'https://status.example/incidents/1' }],
  activeMaintenances: [],
};

beforeEach(() => sessionStorage.clear());
afterEach(() => {
  sessionStorage.clear();
  statusQueryClient.clear();
});

describe('StatusBanner (§4 incident banner)', () => {
  it('asks the status summary with a timestamp and shows the incident text and Learn more', async () => {
    const network = scriptedFetch(jsonResponse(200, incidentSummary));
    configureApiClient({ baseUrl: '/api', fetch: network.fetch });
    renderWithProviders(<StatusBanner />);
    expect(await screen.findByText(INCIDENT_BANNER)).toBeTruthy();
    expect(network.calls[0]?.url).toMatch(/^\/api\/status\/summary\?timestamp=\d+$/);
    expect(network.calls[0]?.init?.headers).not.toHaveProperty('authorization');
    expect(screen.getByRole('link', { name: 'Learn more' }).getAttribute('href')).toBe(
      'https://status.example/incidents/1',
    );
  });

  it('Hide stores the acknowledged report, slides up and is gone; a new report shows again', async () => {
    const network = scriptedFetch(
      jsonResponse(200, incidentSummary),
      jsonResponse(200, {
        activeIncidents: [],
        activeMaintenances: [{ name: 'Upgrade', url: 'https://status.example/m/1' }],
      }),
    );
    configureApiClient({ baseUrl: '/api', fetch: network.fetch });
    const { user, queryClient } = renderWithProviders(<StatusBanner />);
    // Signing in or out clears the app's queries; the banner's check is not among them.
    queryClient.clear();
    await screen.findByText(INCIDENT_BANNER);
    await user.click(screen.getByRole('button', { name: 'Hide' }));
    expect(sessionStorage.getItem('acknowledged')).toContain('Delayed telemetry');
    await waitFor(() => expect(screen.queryByText(INCIDENT_BANNER)).toBeNull(), {
      timeout: BANNER_HIDE_MS + 1_000,
    });

    await statusQueryClient.refetchQueries({ queryKey: getStatusSummaryQueryOptions().queryKey });
    expect(await screen.findByText(MAINTENANCE_BANNER)).toBeTruthy();
  });

  it('the x hides it too, and a hidden report stays hidden in this tab', async () => {
    configureApiClient({
      baseUrl: '/api',
      fetch: scriptedFetch(jsonResponse(200, incidentSummary)).fetch,
    });
    const first = renderWithProviders(<StatusBanner />);
    await screen.findByText(INCIDENT_BANNER);
    await first.user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByText(INCIDENT_BANNER)).toBeNull(), {
      timeout: BANNER_HIDE_MS + 1_000,
    });
    first.unmount();

    const network = scriptedFetch(jsonResponse(200, incidentSummary));
    configureApiClient({ baseUrl: '/api', fetch: network.fetch });
    renderWithProviders(<StatusBanner />);
    await waitFor(() => expect(network.calls).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(INCIDENT_BANNER)).toBeNull();
  });

  it('shows nothing when the status page reports nothing', async () => {
    const network = scriptedFetch(
      jsonResponse(200, { activeIncidents: [], activeMaintenances: [] }),
    );
    configureApiClient({ baseUrl: '/api', fetch: network.fetch });
    renderWithProviders(<StatusBanner />);
    await waitFor(() => expect(network.calls).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('status', { name: 'Service status' })).toBeNull();
  });
});
