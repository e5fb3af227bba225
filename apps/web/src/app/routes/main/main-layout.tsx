// Built by the layout shell task (header, sidebar, tabs): this placeholder keeps what the shell
// must keep — the session guard, the unknown-path redirect and a Logout control.
import { AppShell, Button, Group, Title } from '@mantine/core';
import { unknownPathRedirect } from '@paddock/domain';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useLogout } from '../../../features/session/api/logout.ts';
import { RequireSession } from '../../../features/session/components/require-session.tsx';
import { useParsedRoute } from '../use-parsed-route.ts';

export function Component() {
  return (
    <RequireSession>
      <MainLayout />
    </RequireSession>
  );
}

function MainLayout() {
  const { t } = useTranslation();
  const route = useParsedRoute();
  const { pathname } = useLocation();
  const logout = useLogout();

  // §2 "Any unknown path redirects to /" (a path starting with dashboard to /dashboard).
  if (route.kind === 'unknown') return <Navigate to={unknownPathRedirect(pathname)} replace />;

  return (
    <AppShell header={{ height: 56 }} padding="md">
      <AppShell.Header px="md">
        <Group h="100%" justify="space-between">
          <Title order={1} size="h3">
            Paddock
          </Title>
          <Button variant="subtle" onClick={() => logout.mutate()} loading={logout.isPending}>
            {t('Menu.Logout')}
          </Button>
        </Group>
      </AppShell.Header>
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
