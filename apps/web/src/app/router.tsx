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
import { AREA_MODULES, type AreaModule } from '@paddock/domain';
import {
  createBrowserRouter,
  matchRoutes,
  type LoaderFunctionArgs,
  type RouteObject,
} from 'react-router';
import { queryClient } from './query-client.ts';
import { RootLayout } from './routes/root-layout.tsx';
import { RouteError } from './routes/route-error.tsx';

/**
 * The page of each area module with one (§2 /{siteId}/{module}/{areaId}[/{detail}[/{detailId}]]);
 * the others show the module placeholder. Each page serves its own detail segments: the telemetry
 * asset route, the irrigation zone pages (one route with the area page, so an action followed on
 * one goes on being followed on the other), the frost fan and explorer views.
 */
const MODULE_PAGES: Partial<Record<AreaModule, NonNullable<RouteObject['lazy']>>> = {
  telemetry: () => import('./routes/main/telemetry.tsx'),
  weather: () => import('./routes/main/weather.tsx'),
  irrigation: () => import('./routes/main/irrigation.tsx'),
  frost: () => import('./routes/main/frost.tsx'),
  // The Add-ons page (issue 14), under both of its names.
  addons: () => import('./routes/main/addons.tsx'),
  things: () => import('./routes/main/addons.tsx'),
};

const routes: RouteObject[] = [
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
        // Not awaited: the page's data starts beside its code (app/route-prefetch.ts).
        loader: prefetchLoader,
        children: [
          { index: true, lazy: () => import('./routes/main/landing.tsx') },
          { path: 'dashboard', lazy: () => import('./routes/main/dashboard.tsx') },
          // What needs a person now across the user's sites (issue 33 item 4).
          { path: 'fleet', lazy: () => import('./routes/main/fleet.tsx') },
          { path: 'notfound', lazy: () => import('./routes/main/not-found.tsx') },
          { path: ':siteId', lazy: () => import('./routes/main/site.tsx') },
          { path: ':siteId/summary', lazy: () => import('./routes/main/summary.tsx') },
          { path: ':siteId/users', lazy: () => import('./routes/main/users.tsx') },
          { path: ':siteId/maintenance', lazy: () => import('./routes/main/maintenance.tsx') },
          // The site's Reports place (issue 17; docs/reports.md).
          { path: ':siteId/reports', lazy: () => import('./routes/main/reports.tsx') },
          { path: ':siteId/audit', lazy: () => import('./routes/main/audit.tsx') },
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
            {
              path: `:siteId/${module}/:areaId/*`,
              lazy: MODULE_PAGES[module] ?? (() => import('./routes/main/module.tsx')),
            },
          ]),
          { path: '*', lazy: () => import('./routes/main/unknown.tsx') },
        ],
      },
    ],
  },
];

/**
 * Runs on every navigation under the main layout and returns at once, so nothing waits on it.
 * The prefetch module is loaded on demand: it reaches the contract's zod schemas, which stay off
 * the first load (app/first-load.test.ts).
 */
function prefetchLoader({ request }: LoaderFunctionArgs): null {
  startRouteData(new URL(request.url));
  return null;
}

function startRouteData(location: { pathname: string; search: string }): void {
  void import('./route-prefetch.ts')
    .then(({ prefetchRouteData }) => prefetchRouteData(queryClient, location))
    .catch(() => undefined);
}

/**
 * Starts the data of the page at `location` before the router exists, as the main layout's loader
 * would once it does: start-up calls it as soon as the API can be called, beside the page's code
 * and the offline cache. Pages outside the main layout (login and the other public pages) load
 * nothing for it.
 */
export function prefetchRouteDataEarly(location: { pathname: string; search: string }): void {
  const matches = matchRoutes(routes, location.pathname) ?? [];
  if (matches.some(({ route }) => route.loader === prefetchLoader)) startRouteData(location);
}

/**
 * Starts loading the code of the routes `pathname` matches (layouts and page), before the router
 * exists: start-up first waits for the app config, the translations and the offline cache, and
 * the page's chunks can arrive meanwhile. The router's own `lazy` calls then find the modules
 * loaded (an import is fetched once).
 */
export function preloadRouteModules(pathname: string): void {
  const matches = matchRoutes(routes, pathname) ?? [];
  // First the small module the main layout's loader runs (prefetchLoader): the data calls it
  // starts wait for it, the page's code does not.
  if (matches.some(({ route }) => route.loader === prefetchLoader)) {
    void import('./route-prefetch.ts').catch(() => undefined);
  }
  for (const { route } of matches) {
    if (typeof route.lazy === 'function') void route.lazy().catch(() => undefined);
  }
}

export function createRouter() {
  return createBrowserRouter(routes);
}
