/**
 * Renders a component as the app would: Mantine, TanStack Query (no retries), translations in
 * English and a memory router at `path`.
 *
 *   const { user } = renderWithProviders(<LoginForm … />);
 *   await user.click(screen.getByRole('button', { name: 'Login' }));
 */
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach } from 'vitest';
import { theme } from '../app/theme.ts';
import { testI18n } from './test-i18n.ts';

// Vitest runs without globals, so Testing Library cannot unmount by itself between tests.
afterEach(() => cleanup());

export function renderWithProviders(ui: ReactElement, options: { path?: string } = {}) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter([{ path: '*', element: ui }], {
    initialEntries: [options.path ?? '/'],
  });
  const user = userEvent.setup();
  const result = render(
    <I18nextProvider i18n={testI18n}>
      <MantineProvider theme={theme}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>,
  );
  return { ...result, user, queryClient, router };
}

/** A fetch that answers each call from the list in turn and records the requests. */
export function scriptedFetch(...answers: (Response | Error | (() => Response))[]) {
  const calls: { url: string; init: RequestInit | undefined }[] = [];
  const impl = (async (url: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(url), init });
    const next = answers.shift();
    if (next === undefined) throw new Error(`Unexpected request ${String(url)}`);
    if (next instanceof Error) throw next;
    return typeof next === 'function' ? next() : next;
  }) as typeof fetch;
  return { fetch: impl, calls };
}

export function jsonResponse(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/** A token set as POST /user/login answers it. */
export function tokenSet(overrides: Partial<Record<string, unknown>> = {}) {
  return {
    loginId: 'admin@demo.paddock.example',
    identityId: 'uid-1',
    identityPoolId: 'pool-1',
    token: 'access-1',
    refreshToken: 'refresh-1',
    expiresAt: Date.now() + 15 * 60_000,
    ...overrides,
  };
}
