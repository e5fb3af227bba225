/**
 * The console's routes (§2). Every page is a lazy route module under ./routes exporting
 * `Component` (and optionally `ErrorBoundary`), so each page is its own chunk.
 *
 * - Public pages (auth layout): login, recover, resetPassword, recoverpassword, signup,
 *   activateAccount, redirect — plus changepassword, drawn there but needing a session.
 * - Everything else sits under the main layout, which requires a valid session and sends the
 *   user to /login with the path and query to come back to.
 * - Unknown paths go to / (a path starting with dashboard to /dashboard), per the domain's
 *   unknownPathRedirect: the main layout checks every path with parseRoute, so a page module
 *   only ever sees a path of its own kind (e.g. numeric ids).
 *
 * To add a page: create `routes/main/<page>.tsx` exporting `Component`, and add
 * `{ path: '…', lazy: () => import('./routes/main/<page>.tsx') }` below.
 */
import { AREA_MODULES } from '@paddock/domain';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { RootLayout } from './routes/root-layout.tsx';
import { RouteError } from './routes/route-error.tsx';

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      {
        lazy: () => import('./routes/auth/auth-layout.tsx'),
        children: [
          { path: 'login', lazy: () => import('./routes/auth/login.tsx') },
          { path: 'redirect', lazy: () => import('./routes/auth/redirect.tsx') },
          { path: 'recover', lazy: () => import('./routes/auth/recover.tsx') },
          { path: 'recoverpassword', lazy: () => import('./routes/auth/recover-password.tsx') },
          { path: 'resetPassword', lazy: () => import('./routes/auth/reset-password.tsx') },
          { path: 'signup', lazy: () => import('./routes/auth/signup.tsx') },
          { path: 'activateAccount', lazy: () => import('./routes/auth/activate-account.tsx') },
          { path: 'changepassword', lazy: () => import('./routes/auth/change-password.tsx') },
          // The acknowledgement link of an alarm's email or sms: no session needed.
          { path: 'ack/:token', lazy: () => import('./routes/auth/ack.tsx') },
        ],
      },
      {
        lazy: () => import('./routes/main/main-layout.tsx'),
        children: [
          { index: true, lazy: () => import('./routes/main/landing.tsx') },
          { path: 'dashboard', lazy: () => import('./routes/main/dashboard.tsx') },
          { path: 'notfound', lazy: () => import('./routes/main/not-found.tsx') },
          { path: ':siteId', lazy: () => import('./routes/main/site.tsx') },
          { path: ':siteId/summary', lazy: () => import('./routes/main/summary.tsx') },
          { path: ':siteId/users', lazy: () => import('./routes/main/users.tsx') },
          { path: ':siteId/maintenance', lazy: () => import('./routes/main/maintenance.tsx') },
          { path: ':siteId/playground', lazy: () => import('./routes/main/playground.tsx') },
          { path: ':siteId/:areaId', lazy: () => import('./routes/main/area.tsx') },
          { path: ':siteId/:areaId/alarms', lazy: () => import('./routes/main/alarms.tsx') },
          {
            path: ':siteId/:areaId/alarms/:alarmId',
            lazy: () => import('./routes/main/alarms.tsx'),
          },
          // /{siteId}/{areaId}/{type}/{target}: deep link to a radio, unit, sensor or control.
          {
            path: ':siteId/:areaId/:type/:target',
            lazy: () => import('./routes/main/deep-link.tsx'),
          },
          // Per module (static segments outrank the dynamic ones above):
          // /{siteId}/{module}/alarms and /{siteId}/{module}/{areaId}[/{detail}[/{detailId}]],
          // including /{siteId}/irrigation/{areaId}/zone/{sectionId} (the irrigation workspace).
          ...AREA_MODULES.flatMap((module): RouteObject[] => [
            {
              path: `:siteId/${module}/alarms`,
              lazy: () => import('./routes/main/module-alarms.tsx'),
            },
            module === 'telemetry'
              ? {
                  // The Telemetry page (issue 12), with the telemetry asset route.
                  path: `:siteId/telemetry/:areaId/*`,
                  lazy: () => import('./routes/main/telemetry.tsx'),
                }
              : module === 'irrigation'
                ? {
                    // The irrigation workspace serves the area page and its zone pages (one route,
                    // so an action followed on one page goes on being followed on the other).
                    path: `:siteId/irrigation/:areaId/*`,
                    lazy: () => import('./routes/main/irrigation.tsx'),
                  }
                : {
                    path: `:siteId/${module}/:areaId/*`,
                    lazy: () => import('./routes/main/module.tsx'),
                  },
          ]),
          { path: '*', lazy: () => import('./routes/main/unknown.tsx') },
        ],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
