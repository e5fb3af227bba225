import { siteSchema } from '@paddock/domain';
import { buildSite } from '@paddock/domain/testing';
import { useQuery } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { api, configureApiClient } from '../../../lib/api-client.ts';
import { jsonResponse } from '../../../testing/render.tsx';
import { renderRoutes, routedFetch } from '../../../testing/render-routes.tsx';
import { bannedSites, resetRouteMemory } from '../route-memory.ts';
import { SiteGate } from './site-gate.tsx';

/** The page under test: the site query as data/sites/get-site.ts makes it, and the gate. */
function SitePage({ siteId }: { siteId: number }) {
  const query = useQuery({
    queryKey: ['sites', siteId],
    queryFn: () => api.get(`/sites/${siteId}`, { schema: siteSchema }),
  });
  return (
    <SiteGate site={query} siteId={siteId} uid="uid-1">
      {(site) => <p>Site {site.label}</p>}
    </SiteGate>
  );
}

function Where() {
  const location = useLocation();
  return <output>{`${location.pathname} ${JSON.stringify(location.state ?? null)}`}</output>;
}

const routes = [
  { path: '/4', element: <SitePage siteId={4} /> },
  { path: '/dashboard', element: <Where /> },
  { path: '/notfound', element: <Where /> },
  { path: '/', element: <Where /> },
];

beforeEach(() => resetRouteMemory());

describe('SiteGate (§2 site load and failures)', () => {
  it('renders the page once the site is loaded', async () => {
    const { fetch } = routedFetch({
      'GET /api/sites/4': jsonResponse(200, buildSite({ id: 4, label: 'Loxton' })),
    });
    configureApiClient({ baseUrl: '/api', fetch });
    renderRoutes(routes, '/4');
    expect(await screen.findByText('Site Loxton')).toBeTruthy();
  });

  it('sends a 403 to /dashboard', async () => {
    const { fetch } = routedFetch({ 'GET /api/sites/4': jsonResponse(403, { message: 'no' }) });
    configureApiClient({ baseUrl: '/api', fetch });
    const { router } = renderRoutes(routes, '/4');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(bannedSites('uid-1')).toEqual([]);
  });

  it('bans and resets a site that fails otherwise, and goes to / to pick another', async () => {
    const { fetch } = routedFetch({});
    configureApiClient({ baseUrl: '/api', fetch });
    const { router, queryClient } = renderRoutes(routes, '/4');
    expect(await screen.findByText('/ {"failedSiteId":4}')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(bannedSites('uid-1')).toEqual([4]);
    await waitFor(() =>
      expect(queryClient.getQueryCache().find({ queryKey: ['sites', 4] })).toBeUndefined(),
    );
  });

  it('sends a failing fallback site to /notfound', async () => {
    const { fetch } = routedFetch({ 'GET /api/sites/4': jsonResponse(500, { message: 'boom' }) });
    configureApiClient({ baseUrl: '/api', fetch });
    const { router } = renderRoutes(routes, { pathname: '/4', state: { fallback: true } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/notfound'));
  });

  it('stays with a retry when there is no connection', async () => {
    let online = false;
    const { fetch } = routedFetch({
      'GET /api/sites/4': () =>
        online ? jsonResponse(200, buildSite({ id: 4, label: 'Loxton' })) : new TypeError('down'),
    });
    configureApiClient({ baseUrl: '/api', fetch });
    const { router, user } = renderRoutes(routes, '/4');
    expect((await screen.findByRole('alert')).textContent).toContain('No connection');
    expect(router.state.location.pathname).toBe('/4');
    online = true;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Site Loxton')).toBeTruthy();
  });
});
