/**
 * GET areas/{id}/frost-summary: fans running and in fault, the coldest canopy and where, minutes
 * below 0 °C tonight, the lowest fuel. Polled at the frost page's pace: on a frost night a fan
 * starting is news.
 */
import { frostEndpoints, type FrostSummary } from '@paddock/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api-client.ts';
import { frostKeys } from './keys.ts';

export function getFrostSummary(areaId: number): Promise<FrostSummary> {
  return callEndpoint(frostEndpoints.getFrostSummary, { params: { id: areaId } });
}

export function getFrostSummaryQueryOptions(areaId: number, refetchIntervalMs: number) {
  return queryOptions({
    queryKey: frostKeys.summary(areaId),
    queryFn: () => getFrostSummary(areaId),
    refetchInterval: refetchIntervalMs,
  });
}

export const useFrostSummary = (areaId: number, refetchIntervalMs: number) =>
  useQuery(getFrostSummaryQueryOptions(areaId, refetchIntervalMs));
