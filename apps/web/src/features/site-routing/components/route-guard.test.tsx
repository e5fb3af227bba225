import { parseRoute, type Privilege } from '@paddock/domain';
import { screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../../testing/render-routes.tsx';
import { RouteGuard } from './route-guard.tsx';

function Where() {
  return <output>{useLocation().pathname}</output>;
}

function routesFor(privileges: readonly Privilege[] | undefined, failed = false) {
  return [
    {
      path: '/4/users',
      element: (
        <RouteGuard
          route={parseRoute('/4/users')}
          sitePrivileges={privileges}
          privilegesFailed={failed}
        >
          <p>Users page</p>
        </RouteGuard>
      ),
    },
    { path: '/notfound', element: <Where /> },
  ];
}

describe('RouteGuard (§2 {siteId}/users needs viewUsers)', () => {
  it('refuses a monitor to /notfound, replacing the refused path, before the page renders', async () => {
    const { router } = renderRoutes(routesFor(['view']), '/4/users');
    await waitFor(() => expect(router.state.location.pathname).toBe('/notfound'));
    expect(screen.queryByText('Users page')).toBeNull();
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('opens the page for a user holding viewUsers', async () => {
    renderRoutes(routesFor(['view', 'viewUsers']), '/4/users');
    expect(await screen.findByText('Users page')).toBeTruthy();
  });

  it('waits while the privileges load, showing neither the page nor a refusal', () => {
    const { router } = renderRoutes(routesFor(undefined), '/4/users');
    expect(screen.getByRole('status')).toBeTruthy();
    expect(screen.queryByText('Users page')).toBeNull();
    expect(router.state.location.pathname).toBe('/4/users');
  });

  it('lets the page through when the privileges cannot be read (its site load decides)', async () => {
    renderRoutes(routesFor(undefined, true), '/4/users');
    expect(await screen.findByText('Users page')).toBeTruthy();
  });
});
