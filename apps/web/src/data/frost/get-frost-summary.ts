/**
 * GET areas/{id}/frost-summary: fans running and in fault, the coldest canopy and where, minutes
 * below 0 °C tonight, the lowest fuel. It follows the readings the page shows: on a frost night a
 * fan starting is news, and a summary counting "0 of 3 running" beside a row in the running colour
 * (two queries polled out of phase) would be a page contradicting itself.
 */
import { frostEndpoints, type FrostSummary } from '@paddock/domain';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { callEndpoint } from '../../lib/api-client.ts';
import { cachedQueryOptions } from '../../lib/offline-cache-queries.ts';
import { frostKeys } from './keys.ts';

function getFrostSummary(areaId: number): Promise<FrostSummary> {
  return callEndpoint(frostEndpoints.getFrostSummary, { params: { id: areaId } });
}

function getFrostSummaryQueryOptions(areaId: number) {
  return cachedQueryOptions(
    queryOptions({
      queryKey: frostKeys.summary(areaId),
      queryFn: () => getFrostSummary(areaId),
    }),
    { key: 'siteWeather', areaId },
  );
}

/**
 * The summary, fetched again whenever the readings beside it are newer than it
 * (`readingsUpdatedAt`: the area sensors query's `dataUpdatedAt`).
 */
export function useFrostSummary(areaId: number, readingsUpdatedAt: number) {
  const queryClient = useQueryClient();
  const summary = useQuery(getFrostSummaryQueryOptions(areaId));
  const summaryUpdatedAt = summary.dataUpdatedAt;
  useEffect(() => {
    if (readingsUpdatedAt > summaryUpdatedAt && summaryUpdatedAt > 0) {
      void queryClient.invalidateQueries({ queryKey: frostKeys.summary(areaId) });
    }
    // Only new readings ask again; the summary's own update must not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [queryClient, areaId, readingsUpdatedAt]);
  return summary;
}
