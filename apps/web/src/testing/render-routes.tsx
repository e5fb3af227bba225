/**
 * Renders a set of routes as the app would (Mantine, TanStack Query without retries, English
 * translations, a memory router), for tests of redirects: the `location` element shows where the
 * router ended up, with its state.
 *
 *   const { router } = renderRoutes([{ path: '/:siteId', element: <Page /> }], '/4');
 *   await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
 */
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { theme } from '../app/theme.ts';
import { testI18n } from './test-i18n.ts';

export function renderRoutes(
  routes: RouteObject[],
  initialEntry: string | { pathname: string; search?: string; state?: unknown },
) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(routes, { initialEntries: [initialEntry] });
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

/** A fetch that answers by method and path ('GET /api/sites/4'); anything else is a 404. */
export function routedFetch(answers: Record<string, Response | Error | (() => Response | Error)>) {
  const calls: string[] = [];
  const impl = (async (url: RequestInfo | URL, init?: RequestInit) => {
    const { pathname, search } = new URL(String(url), 'http://localhost');
    const key = `${init?.method ?? 'GET'} ${pathname}${search}`;
    calls.push(key);
    const answer = answers[key];
    const value = typeof answer === 'function' ? answer() : answer;
    if (value instanceof Error) throw value;
    return (
      value?.clone() ??
      new Response(JSON.stringify({ message: 'Not Found' }), {
        status: 404,
        headers: { 'content-type': 'application/json' },
      })
    );
  }) as typeof fetch;
  return { fetch: impl, calls };
}
