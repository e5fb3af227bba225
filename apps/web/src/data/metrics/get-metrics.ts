/** GET metrics/list (§7): every metric the platform records, with its display unit. */
import { metricEndpoints, type MetricsList } from '@paddock/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api-client.ts';
import { cachedQueryOptions } from '../../lib/offline-cache-queries.ts';

const METRICS_QUERY_KEY = ['metrics'] as const;

function getMetrics(): Promise<MetricsList> {
  return callEndpoint(metricEndpoints.listMetrics, {});
}

function getMetricsQueryOptions() {
  // The list changes with a release, not while the console is open: fetched once.
  return cachedQueryOptions(
    queryOptions({ queryKey: METRICS_QUERY_KEY, queryFn: getMetrics }),
    { key: 'metrics' },
  );
}

export function useMetrics() {
  return useQuery(getMetricsQueryOptions());
}
