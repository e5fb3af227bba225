import { screen, waitFor } from '@testing-library/react';
import { Navigate, useLocation } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { configureApiClient } from '../../../lib/api-client.ts';
import { writeAuth } from '../../../lib/auth-storage.ts';
import {
  jsonResponse,
  renderWithProviders,
  scriptedFetch,
  tokenSet,
} from '../../../testing/render.tsx';
import { Component as ChangePassword } from './change-password.tsx';

beforeEach(() => localStorage.clear());

/** /recover sends the user on marked external (§2); the page first renders with that state. */
function ArrivingFromRecover() {
  const { pathname } = useLocation();
  return pathname === '/recover' ? (
    <Navigate to="/changepassword" replace state={{ external: true }} />
  ) : (
    <ChangePassword />
  );
}

async function change(user: ReturnType<typeof renderWithProviders>['user']) {
  await user.type(await screen.findByLabelText('New password'), 'secret1');
  await user.type(screen.getByLabelText('Confirm new password'), 'secret1');
  await user.click(screen.getByRole('button', { name: 'Change password' }));
}

describe('/changepassword (§2 Change password)', () => {
  it('without a session goes to /', async () => {
    configureApiClient({ baseUrl: '/api', fetch: scriptedFetch().fetch });
    const { router } = renderWithProviders(<ChangePassword />, { path: '/changepassword' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('a signed-in user changes the password and continues to /', async () => {
    writeAuth(tokenSet());
    configureApiClient({ baseUrl: '/api', fetch: scriptedFetch(jsonResponse(204)).fetch });
    const { user, router } = renderWithProviders(<ChangePassword />, { path: '/changepassword' });
    expect(await screen.findByText('Signed in as admin@demo.paddock.example')).toBeTruthy();
    await change(user);
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(router.state.location.pathname).toBe('/');
  });

  it('legacy=true leaves through Login, to /login without a legacy address', async () => {
    writeAuth(tokenSet());
    configureApiClient({ baseUrl: '/api', fetch: scriptedFetch(jsonResponse(204)).fetch });
    const { user, router } = renderWithProviders(<ChangePassword />, {
      path: '/changepassword?legacy=true',
    });
    await change(user);
    await user.click(await screen.findByRole('button', { name: 'Login' }));
    expect(router.state.location.pathname).toBe('/login');
  });

  it('Cancel of an external arrival goes to /login', async () => {
    writeAuth(tokenSet());
    configureApiClient({ baseUrl: '/api', fetch: scriptedFetch().fetch });
    const { user, router } = renderWithProviders(<ArrivingFromRecover />, { path: '/recover' });
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(router.state.location.pathname).toBe('/login');
  });
});
