import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { configureApiClient } from '../../../lib/api-client.ts';
import { writeAuth } from '../../../lib/auth-storage.ts';
import { renderWithProviders, scriptedFetch, tokenSet } from '../../../testing/render.tsx';
import { Component as Recover } from './recover.tsx';

beforeEach(() => {
  localStorage.clear();
  configureApiClient({ baseUrl: '/api', fetch: scriptedFetch().fetch });
});

describe('/recover (§2 recovery-link landing)', () => {
  it('a link without a token is expired: Cancel to /, Try Again to /recoverpassword', async () => {
    renderWithProviders(<Recover />, { path: '/recover' });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Oops, a bit too late. It seems your password recovery link has expired. Please try again.',
    );
    expect(screen.getByRole('link', { name: 'Cancel' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('link', { name: 'Try Again' }).getAttribute('href')).toBe(
      '/recoverpassword',
    );
    expect(screen.getByRole('link', { name: '0800 723 362' })).toBeTruthy();
  });

  it('hands one of our reset tokens on to /resetPassword', async () => {
    const { router } = renderWithProviders(<Recover />, { path: '/recover?token=abc&siteId=2' });
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
        '/resetPassword?token=abc&siteId=2',
      ),
    );
  });

  it('an old-style link of the signed-in identity goes to /changepassword marked external', async () => {
    writeAuth(tokenSet());
    const { router } = renderWithProviders(<Recover />, {
      path: '/recover?token=x&identityId=uid-1&loginId=admin%40demo.paddock.example&identityPoolId=pool-1',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/changepassword'));
    expect(router.state.location.state).toEqual({ external: true });
  });

  it('an old-style link of someone else is expired', async () => {
    writeAuth(tokenSet());
    renderWithProviders(<Recover />, {
      path: '/recover?token=x&identityId=uid-2&loginId=other%40demo.paddock.example&identityPoolId=pool-1',
    });
    expect((await screen.findByRole('alert')).textContent).toContain('Oops, a bit too late.');
  });
});
