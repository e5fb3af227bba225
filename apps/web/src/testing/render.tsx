/**
 * Renders a component as the app would: Mantine, TanStack Query (no retries), translations in
 * English and a memory router at `path`.
 *
 *   const { user } = renderWithProviders(<LoginForm … />);
 *   await user.click(screen.getByRole('button', { name: 'Login' }));
 */
import type { ReactElement } from 'react';
import { renderRoutes } from './render-routes.tsx';

/** `ui` as the one route, matching any path. */
export function renderWithProviders(ui: ReactElement, options: { path?: string } = {}) {
  return renderRoutes([{ path: '*', element: ui }], options.path ?? '/');
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
