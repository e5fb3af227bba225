/**
 * Start-up (§4): load and validate appConfig.json (failure: the red banner of §8 and nothing
 * else); start error reporting where the environment asks for it; remove service workers and
 * caches left by older builds; then render the console.
 */
import { lazy, StrictMode, Suspense, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { configureApiClient } from '../lib/api-client.ts';
import { loadAppConfig, setAppConfig } from '../lib/app-config.ts';
import { startErrorReporting } from '../lib/error-reporting.ts';
import { initI18n } from '../lib/i18n.ts';
import { ConfigErrorBanner } from './config-error-banner.tsx';
import { OfflineIndicator } from './offline-indicator.tsx';
import { AppProviders } from './providers.tsx';
import { queryClient } from './query-client.ts';
import { createRouter, prefetchRouteDataEarly, preloadRouteModules } from './router.tsx';

// The incident banner (§4) polls from its own chunk, fetched after the first render.
const StatusBanner = lazy(async () => ({
  default: (await import('../features/status-banner/components/status-banner.tsx')).StatusBanner,
}));

/** Unregisters every service worker and deletes every Cache Storage cache (§4). */
async function removeServiceWorkersAndCaches(): Promise<void> {
  try {
    const registrations = (await navigator.serviceWorker?.getRegistrations()) ?? [];
    await Promise.all(registrations.map((registration) => registration.unregister()));
    if (typeof caches !== 'undefined') {
      await Promise.all((await caches.keys()).map((key) => caches.delete(key)));
    }
  } catch (error) {
    console.warn('Could not remove service workers or caches', error);
  }
}

export async function bootstrap(container: HTMLElement): Promise<void> {
  const root = createRoot(container);
  // The offline cache (IndexedDB) loads beside the config rather than with the first script.
  const offlineCacheModule = import('../lib/offline-cache-queries.ts').catch(() => null);
  // Translations load beside the config; a failed language file falls back to the keys.
  const starting = Promise.all([loadAppConfig(), initI18n().catch(() => null)]);
  // The page's code loads meanwhile, asked for on the next task, after the config and the
  // language file: the browser has six connections to the server, and start-up waits for those two.
  const pathname = window.location.pathname;
  setTimeout(() => preloadRouteModules(pathname), 0);
  const [config, i18n] = await starting;
  const i18next = i18n ?? (await import('i18next')).default;
  const render = (node: ReactNode) =>
    root.render(
      <StrictMode>
        <AppProviders i18n={i18next} queryClient={queryClient}>
          {node}
        </AppProviders>
      </StrictMode>,
    );

  if (!config.ok) {
    render(<ConfigErrorBanner message={config.message} />);
    return;
  }
  setAppConfig(config.config);
  configureApiClient({ baseUrl: config.config.apiBaseUrl });
  // The page's data starts as soon as the API can be called, beside the page's code and the
  // offline cache, rather than once the router exists (after the cache has opened): cold, that
  // was over a second later on the Telemetry page. The main layout's loader asks again on every
  // navigation; the cache holds what this started, so nothing is fetched twice.
  prefetchRouteDataEarly({ pathname: window.location.pathname, search: window.location.search });
  // The signed-in user's offline cache is open before the first query reads it (§4).
  const offline = (await offlineCacheModule)?.connectOfflineCache(queryClient);
  const [ErrorBoundary] = await Promise.all([
    startErrorReporting(config.config),
    removeServiceWorkersAndCaches(),
    offline?.ready,
  ]);
  const router = createRouter();
  const app = (
    <>
      <Suspense fallback={null}>
        <StatusBanner />
      </Suspense>
      <OfflineIndicator />
      <RouterProvider router={router} />
    </>
  );
  render(ErrorBoundary ? <ErrorBoundary>{app}</ErrorBoundary> : app);
}
