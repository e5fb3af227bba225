/**
 * /dashboard (§2): the multi-site map with filters from the query (country, region,
 * application). A user with fewer than 2 sites is sent to /{siteId}/summary.
 */
import {
  dashboardPath,
  dashboardRedirect,
  PLACEHOLDER_PROGRESS_MS,
  type DashboardFilter,
  type Site,
} from '@paddock/domain';
import { Navigate, useNavigate } from 'react-router';
import { DashboardView } from '../../../features/dashboard/components/dashboard-view.tsx';
import { HomeLoadingPlaceholder } from '../../../features/layout/components/home-loading-placeholder.tsx';
import { useSession } from '../../../features/session/hooks/use-session.ts';
import { SitesLoadFailed } from '../../../features/site-routing/components/sites-load-failed.tsx';
import { useRememberRoute } from '../../../features/site-routing/hooks/use-remember-route.ts';
import { useDashboardSites } from '../../../data/sites/get-sites.ts';
import { useNow } from '../../../lib/use-now.ts';
import { useParsedRoute } from '../use-parsed-route.ts';

const AGE_TICK_MS = 15_000;
const NO_FILTER: DashboardFilter = {};

export function Component() {
  const sites = useDashboardSites();
  if (sites.isError) {
    return <SitesLoadFailed />;
  }
  // §2 the second screen of the loading placeholder: its bar steps every 500 ms (the home's 400).
  if (!sites.data) return <HomeLoadingPlaceholder intervalMs={PLACEHOLDER_PROGRESS_MS} />;
  const redirect = dashboardRedirect(sites.data);
  if (redirect.kind === 'redirect') return <Navigate to={redirect.to} replace />;
  return <Dashboard sites={sites.data} />;
}

function Dashboard({ sites }: { sites: readonly Site[] }) {
  const route = useParsedRoute();
  const navigate = useNavigate();
  const { uid } = useSession();
  const now = useNow(AGE_TICK_MS);
  useRememberRoute(uid);
  const filter = route.kind === 'dashboard' ? route.filter : NO_FILTER;
  return (
    <DashboardView
      sites={sites}
      filter={filter}
      onFilterChange={(next) => void navigate(dashboardPath(next), { replace: true })}
      now={now}
    />
  );
}
