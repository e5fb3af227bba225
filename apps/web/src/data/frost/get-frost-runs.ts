/** GET areas/{id}/frost-runs?from&to: the fans' runs in a range (the frost explorer's night). */
import { frostEndpoints, type FrostRuns } from '@paddock/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api-client.ts';
import { frostKeys } from './keys.ts';

function getFrostRuns(areaId: number, from: string, to: string): Promise<FrostRuns> {
  return callEndpoint(frostEndpoints.listFrostRuns, { params: { id: areaId }, query: { from, to } });
}

function getFrostRunsQueryOptions(
  areaId: number,
  range: { from: string; to: string },
  refetchIntervalMs: number,
) {
  return queryOptions({
    queryKey: frostKeys.runs(areaId, range.from, range.to),
    queryFn: () => getFrostRuns(areaId, range.from, range.to),
    refetchInterval: refetchIntervalMs,
    placeholderData: keepPreviousData,
  });
}

export const useFrostRuns = (
  areaId: number,
  range: { from: string; to: string },
  refetchIntervalMs: number,
) => useQuery(getFrostRunsQueryOptions(areaId, range, refetchIntervalMs));
