import { FAN_START_REFUSED_REASON, type FanRequest } from '@paddock/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { configureApiClient } from '../../../lib/api-client.ts';
import { jsonResponse, renderWithProviders, scriptedFetch } from '../../../testing/render.tsx';
import { FanCommands } from './fan-commands.tsx';

const FAN = { id: 7, label: 'Fan 1' };

function fanRequest(overrides: Partial<FanRequest> = {}): FanRequest {
  return {
    id: 41,
    action: 'start',
    type: 'fan',
    status: 'new',
    target: FAN.id,
    created: '2026-09-20T14:00:00.000Z',
    updated: null,
    requestedBy: { id: 1, name: 'Ann Admin' },
    override: false,
    overridden: [],
    outcome: null,
    ...overrides,
  };
}

function setup(...answers: Response[]) {
  const network = scriptedFetch(...answers);
  configureApiClient({ baseUrl: '/api', fetch: network.fetch });
  const view = renderWithProviders(<FanCommands fan={FAN} areaId={3} />);
  return { ...view, calls: network.calls };
}

const confirmation = () => screen.getByTestId('fan-command-confirm');

afterEach(() => configureApiClient({ baseUrl: '/api', fetch: globalThis.fetch }));

describe('starting and stopping a fan from the console', () => {
  it('asks first, naming the fan, and sends nothing when cancelled', async () => {
    const { user, calls } = setup();
    await user.click(screen.getByRole('button', { name: 'Start fan' }));
    expect(await screen.findByText('Start Fan 1?')).toBeTruthy();
    expect(confirmation().textContent).toContain('Fan 1 will be started from the console');
    await user.click(within(confirmation()).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByText('Start Fan 1?')).toBeNull());
    expect(calls).toHaveLength(0);
  });

  it('starts the fan once confirmed and shows where the request stands', async () => {
    const { user, calls } = setup(jsonResponse(202, fanRequest()));
    await user.click(screen.getByRole('button', { name: 'Start fan' }));
    await user.click(await screen.findByTestId('fan-command-ok'));
    const status = await screen.findByTestId('fan-command-status');
    expect(status.textContent).toBe('Start from the console: Pending');
    expect(status.dataset.status).toBe('new');
    expect(calls[0]?.url).toBe('/api/fans/7/start');
    expect(calls[0]?.init?.method).toBe('POST');
    expect(JSON.parse(String(calls[0]?.init?.body))).toEqual({});
    // The buttons wait while the request is followed.
    expect(screen.getByTestId('fan-start').hasAttribute('disabled')).toBe(true);
  });

  it('shows why the frost rules refuse a start, and "Override and start" sends it with the override', async () => {
    const wind = "the wind is 12 km/h, above the site's shutdown speed of 8 km/h";
    const { user, calls } = setup(
      jsonResponse(409, {
        statusCode: 409,
        error: 'Conflict',
        message: `Fan 1 not started: ${wind}`,
        field: 'override',
        reason: FAN_START_REFUSED_REASON,
        detail: [wind],
      }),
      jsonResponse(202, fanRequest({ override: true, overridden: [wind] })),
    );
    await user.click(screen.getByRole('button', { name: 'Start fan' }));
    await user.click(await screen.findByTestId('fan-command-ok'));
    const refusal = await screen.findByTestId('fan-command-refusal');
    expect(refusal.textContent).toContain('The frost rules refuse to start Fan 1:');
    expect(refusal.textContent).toContain(wind);
    await user.click(screen.getByRole('button', { name: 'Override and start' }));
    expect(await screen.findByTestId('fan-command-status')).toBeTruthy();
    expect(calls.map((call) => JSON.parse(String(call.init?.body)))).toEqual([
      {},
      { override: true },
    ]);
  });

  it('stops the fan once confirmed', async () => {
    const { user, calls } = setup(jsonResponse(202, fanRequest({ action: 'stop', id: 42 })));
    await user.click(screen.getByRole('button', { name: 'Stop fan' }));
    expect(await screen.findByText('Stop Fan 1?')).toBeTruthy();
    await user.click(screen.getByTestId('fan-command-ok'));
    expect((await screen.findByTestId('fan-command-status')).textContent).toBe(
      'Stop from the console: Pending',
    );
    expect(calls[0]?.url).toBe('/api/fans/7/stop');
  });
});
