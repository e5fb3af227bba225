/**
 * /{siteId}/playground (§2): only in the development environment; elsewhere the path is unknown
 * and goes to /. It shows the shared chart of any thing's metric named in the query, e.g.
 * ?sensor=12&metric=soil.moisture&unit=%25 (also control=, radio=, unit=; label= and axis=
 * optional), for trying the chart and for `npm run bench:web`'s chart measure; without a query it
 * is the placeholder.
 */
import { Box } from '@mantine/core';
import { isRouteAvailable, siteTimeZone, unknownPathRedirect } from '@paddock/domain';
import { Navigate, useLocation } from 'react-router';
import {
  SeriesChart,
  type ChartMetric,
  type SeriesSource,
} from '../../../components/chart/index.ts';
import { WorkspacePlaceholder } from '../../../features/site-routing/components/workspace-placeholder.tsx';
import { getAppConfig } from '../../../lib/app-config.ts';
import { useParsedRoute } from '../use-parsed-route.ts';
import { SiteScope } from './site-scope.tsx';

const KINDS: readonly SeriesSource['kind'][] = ['sensor', 'control', 'radio', 'unit'];

/** The metric the query names, if it names one. */
function chartMetricOf(search: string): ChartMetric | null {
  const query = new URLSearchParams(search);
  const metric = query.get('metric');
  const kind = KINDS.find((candidate) => /^\d+$/.test(query.get(candidate) ?? ''));
  if (!metric || !kind) return null;
  return {
    source: { kind, id: Number(query.get(kind)) },
    metric,
    label: query.get('label') ?? metric,
    unit: query.get('axis') ?? '',
  };
}

export function Component() {
  const route = useParsedRoute();
  const { pathname, search } = useLocation();
  if (route.kind !== 'playground') return null; // the main layout sends other paths on
  if (!isRouteAvailable(route, getAppConfig().environment)) {
    return <Navigate to={unknownPathRedirect(pathname)} replace />;
  }
  const metric = chartMetricOf(search);
  return (
    <SiteScope key={route.siteId} siteId={route.siteId}>
      {({ site }) =>
        metric ? (
          <Box p="md">
            <SeriesChart
              title={`${site.label}: ${metric.label}`}
              metrics={[metric]}
              timeZone={siteTimeZone(site.config, site.tags.country)}
            />
          </Box>
        ) : (
          <WorkspacePlaceholder workspace="playground" siteLabel={site.label} />
        )
      }
    </SiteScope>
  );
}
