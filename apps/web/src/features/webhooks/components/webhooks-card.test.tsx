import type { WebhookDelivery, WebhookEndpoint } from '@paddock/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { configureApiClient } from '../../../lib/api-client.ts';
import { jsonResponse, recordingFetch, renderWithProviders } from '../../../testing/render.tsx';
import { WebhooksCard } from './webhooks-card.tsx';

const endpoint: WebhookEndpoint = {
  id: 3,
  site: 7,
  url: 'https://hooks.example/paddock',
  events: ['alarm.raised', 'zone.shutOff'],
  active: true,
  created: '2026-11-20T22:00:00.000Z',
  modified: '2026-11-20T22:00:00.000Z',
  pending: 1,
  lastAttempt: { at: '2026-11-20T23:00:00.000Z', statusCode: 500, delivered: false },
};

const failed: WebhookDelivery = {
  id: 41,
  event: { id: 'msg_1', type: 'alarm.raised', timestamp: '2026-11-19T22:00:00.000Z' },
  status: 'failed',
  created: '2026-11-19T22:00:00.000Z',
  nextAttemptAt: null,
  attempts: [
    {
      attempt: 30,
      at: '2026-11-20T22:00:00.000Z',
      statusCode: 500,
      durationMs: 40,
      excerpt: 'down for maintenance',
    },
  ],
};

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

/** The API as the card calls it; every request is kept. */
function setup(endpoints: WebhookEndpoint[]) {
  const { fetch, calls } = recordingFetch(async ({ method, url: path }) => {
    if (method === 'POST' && path.endsWith('/sites/7/webhooks')) {
      return jsonResponse(201, {
        ...endpoint,
        id: 4,
        pending: 0,
        lastAttempt: null,
        secret: SECRET,
      });
    }
    if (method === 'POST' && path.endsWith('/resend')) {
      return jsonResponse(201, { ...failed, id: 42, status: 'pending', attempts: [] });
    }
    if (path.endsWith('/webhooks/3/deliveries')) return jsonResponse(200, [failed]);
    return jsonResponse(200, endpoints);
  });
  configureApiClient({ baseUrl: '/api', fetch });
  const rendered = renderWithProviders(<WebhooksCard siteId={7} timeZone="Pacific/Auckland" />);
  return { ...rendered, calls };
}

describe('the Webhooks card', () => {
  it('lists each endpoint with its events and how its last attempt went', async () => {
    setup([endpoint]);
    const card = await screen.findByLabelText(endpoint.url);
    expect(within(card).getByText('Alarm raised · Zone shut off')).toBeTruthy();
    expect(within(card).getByText(/Not delivered .* \(500\) · 1 waiting/)).toBeTruthy();
    expect(within(card).getByText('Active')).toBeTruthy();
  });

  it('adds an endpoint and shows its secret once', async () => {
    const { user, calls } = setup([]);
    await screen.findByText('No endpoint yet: nothing is sent.');
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a webhook endpoint' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Enter an http or https URL')).toBeTruthy();
    expect(within(dialog).getByText('Choose at least one event')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    await user.type(
      within(dialog).getByRole('textbox', { name: /URL/ }),
      'https://hooks.example/in',
    );
    await user.click(within(dialog).getByRole('checkbox', { name: 'Alarm raised' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Report ready' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    const secret = await screen.findByRole('dialog', { name: "The endpoint's secret" });
    expect(within(secret).getByText(SECRET)).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')).toEqual({
      method: 'POST',
      url: '/api/sites/7/webhooks',
      body: {
        url: 'https://hooks.example/in',
        events: ['alarm.raised', 'report.ready'],
        active: true,
      },
    });
  });

  it('shows the deliveries and sends a failed one again', async () => {
    const { user, calls } = setup([endpoint]);
    await user.click(await screen.findByRole('button', { name: 'Deliveries' }));
    const table = await screen.findByRole('table', { name: 'Deliveries' });
    const row = within(table).getAllByRole('row')[1] as HTMLElement;
    expect(within(row).getByText('Failed')).toBeTruthy();
    expect(within(row).getByText(/^500 at .*, 30 tries$/)).toBeTruthy();
    await user.click(within(row).getByRole('button', { name: 'Re-send' }));
    expect(
      calls.some(
        (call) => call.method === 'POST' && call.url === '/api/webhooks/3/deliveries/41/resend',
      ),
    ).toBe(true);
  });
});
