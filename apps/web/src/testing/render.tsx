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

/** One request a recording fetch took: its method, url and JSON body (null without one). */
export interface RecordedRequest {
  readonly method: string;
  readonly url: string;
  readonly body: Record<string, unknown> | null;
}

/**
 * A fetch that records every request and answers it with `answer`: for a test's fake API that
 * keeps state between calls (a save seen through the list's refetch).
 */
export function recordingFetch(answer: (request: RecordedRequest) => Response | Promise<Response>) {
  const calls: RecordedRequest[] = [];
  const impl = (async (url: RequestInfo | URL, init?: RequestInit) => {
    const request: RecordedRequest = {
      method: init?.method ?? 'GET',
      url: String(url),
      body: init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : null,
    };
    calls.push(request);
    return answer(request);
  }) as typeof fetch;
  return { fetch: impl, calls };
}

/** The texts an input is described by: Mantine links its description and error to it. */
export function describedBy(input: HTMLElement): string {
  return (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
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
