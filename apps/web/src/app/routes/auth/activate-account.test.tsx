import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { configureApiClient } from '../../../lib/api-client.ts';
import { readAuth, writeAuth } from '../../../lib/auth-storage.ts';
import {
  jsonResponse,
  renderWithProviders,
  scriptedFetch,
  tokenSet,
} from '../../../testing/render.tsx';
import { recordAuthEvents } from '../../../testing/auth-events.ts';
import { Component as ActivateAccount } from './activate-account.tsx';

const STRONG = 'Harvest#2026';
const events = recordAuthEvents();

describe('/activateAccount (§2 Account activation)', () => {
  it('clears the stored credentials and sends a logged-out event on load', async () => {
    writeAuth(tokenSet());
    const network = scriptedFetch(jsonResponse(204));
    configureApiClient({ baseUrl: '/api', fetch: network.fetch });
    renderWithProviders(<ActivateAccount />, { path: '/activateAccount' });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Error: Activation token is missing, please contact your site admin.',
    );
    expect(readAuth()).toBeNull();
    expect(events).toContainEqual({ type: 'loggedOut', remote: false });
    expect(network.calls.map((call) => call.url)).toEqual(['/api/user/logout']);
  });

  it.each([
    ['siteId=4', '/4'],
    ['siteId=0', '/login'],
    ['siteId=4&legacy=true', '/login'],
  ])(
    'after activation with %s it goes to %s 1 s later',
    async (query, target) => {
      const network = scriptedFetch(
        jsonResponse(200, { status: 'valid', email: 'ana@farm.example', name: 'Ana Ruiz' }),
        jsonResponse(204),
      );
      configureApiClient({ baseUrl: '/api', fetch: network.fetch });
      const { user, router } = renderWithProviders(<ActivateAccount />, {
        path: `/activateAccount?token=t1&${query}`,
      });
      await screen.findByDisplayValue('Ana Ruiz');
      await user.type(screen.getByLabelText('New password'), STRONG);
      await user.type(screen.getByLabelText('Confirm new password'), STRONG);
      await user.click(screen.getByRole('button', { name: 'Activate account' }));
      await screen.findByText('Account Activated successfully, Redirecting to login');
      expect(router.state.location.pathname).toBe('/activateAccount');
      await waitFor(() => expect(router.state.location.pathname).toBe(target), { timeout: 3000 });
    },
    15_000,
  );
});
