import { needsSession, parseRoute, PATHS } from '@paddock/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { loginStateFor } from '../../features/session/components/require-session.tsx';
import { onAuthEvent } from '../../lib/auth-events.ts';

/**
 * The root of every page. It listens for auth events (§4): when the session ends, here or in
 * another tab, the app state (query cache) is reset and a page that needs a session goes to
 * /login with its path and query; when another tab signs in while this one shows a signed-in
 * page (a user switch), this tab reloads (§2 cross-tab auth event).
 */
export function RootLayout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  useEffect(
    () =>
      onAuthEvent((event) => {
        const { pathname, search } = window.location;
        const protectedPage = needsSession(parseRoute(pathname, search));
        if (event.type === 'loggedOut') {
          queryClient.clear();
          if (protectedPage) {
            void navigate(PATHS.login, {
              replace: true,
              state: loginStateFor({ pathname, search }),
            });
          }
        } else if (event.remote && protectedPage) {
          window.location.reload();
        }
      }),
    [navigate, queryClient],
  );

  return <Outlet />;
}
