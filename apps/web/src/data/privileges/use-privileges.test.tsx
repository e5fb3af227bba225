import { roleActions, TOP_ROLE, type Privilege } from '@paddock/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { configureApiClient } from '../../lib/api-client.ts';
import { jsonResponse } from '../../testing/render.tsx';
import { useIsSiteAdmin, usePrivileges } from './use-privileges.ts';

const SITE = { privileges: ['view', 'edit'], areas: { '9': ['control'] } };
const USER = { privileges: ['loginAs'] };

let queryClient: QueryClient;
const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
);

/** Answers user/privileges at once; sites/{id}/privileges when `site` is given, else never. */
function serve(site?: unknown) {
  configureApiClient({
    baseUrl: '/api',
    fetch: (async (url: RequestInfo | URL) => {
      const path = String(url);
      if (path.endsWith('/user/privileges')) return jsonResponse(200, USER);
      if (path.endsWith('/sites/4/privileges') && site) return jsonResponse(200, site);
      return new Promise<Response>(() => undefined);
    }) as typeof fetch,
  });
}

beforeEach(() => {
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
});

describe('usePrivileges (§6)', () => {
  it('outside a site: the user\'s own', async () => {
    serve();
    const { result } = renderHook(() => usePrivileges(undefined), { wrapper });
    await waitFor(() => expect(result.current.has('loginAs')).toBe(true));
    expect(result.current.known).toBe(true);
    expect(result.current.site).toBeUndefined();
  });

  it("on a site whose privileges are loading: the user's own are held, nothing is offered yet", async () => {
    serve();
    const { result } = renderHook(() => usePrivileges(4, 9), { wrapper });
    await waitFor(() => expect(result.current.held).toEqual(['loginAs']));
    expect(result.current.known).toBe(false);
    expect(result.current.has('loginAs')).toBe(false);
    expect(result.current.site).toBeUndefined();
  });

  it.each<[string, number | undefined, Privilege[]]>([
    ['on the site', undefined, ['view', 'edit', 'loginAs']],
    ['in an area: the area\'s too', 9, ['view', 'edit', 'control', 'loginAs']],
    ['in an area with none of its own', 10, ['view', 'edit', 'loginAs']],
  ])('%s', async (_, areaId, held) => {
    serve(SITE);
    const { result } = renderHook(() => usePrivileges(4, areaId), { wrapper });
    await waitFor(() => expect([...result.current.held].sort()).toEqual([...held].sort()));
    expect(result.current.known).toBe(true);
    expect(result.current.site).toEqual(['view', 'edit']);
    for (const privilege of held) expect(result.current.has(privilege)).toBe(true);
    expect(result.current.has('program')).toBe(false);
  });
});

describe("useIsSiteAdmin (§6 top role on the site, as the server judges a radio's devEUI)", () => {
  it("is true for the site's admin", async () => {
    serve({ privileges: roleActions(TOP_ROLE), areas: {} });
    const { result } = renderHook(() => useIsSiteAdmin(4), { wrapper });
    await waitFor(() => expect(result.current).toBe(true));
  });

  it('is false for a lesser role, and while the site\'s privileges load', async () => {
    serve();
    const loading = renderHook(() => useIsSiteAdmin(4), { wrapper });
    expect(loading.result.current).toBe(false);
    loading.unmount();
    queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    serve(SITE);
    const { result } = renderHook(
      () => ({ admin: useIsSiteAdmin(4), known: usePrivileges(4).known }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.known).toBe(true));
    expect(result.current.admin).toBe(false);
  });
});
