/**
 * GET areas/{id}/frost-forecasts?from&to: the past nights' forecast against what was observed,
 * and the season's error. Not kept offline, like the night's runs: a range of history.
 */
import { frostEndpoints, type FrostForecasts } from '@paddock/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api-client.ts';
import { frostKeys } from './keys.ts';

function getFrostForecasts(areaId: number, from: string, to: string): Promise<FrostForecasts> {
  return callEndpoint(frostEndpoints.listFrostForecasts, {
    params: { id: areaId },
    query: { from, to },
  });
}

function getFrostForecastsQueryOptions(areaId: number, range: { from: string; to: string }) {
  return queryOptions({
    queryKey: frostKeys.forecasts(areaId, range.from, range.to),
    queryFn: () => getFrostForecasts(areaId, range.from, range.to),
    placeholderData: keepPreviousData,
  });
}

/** The nights (local dates YYYY-MM-DD, inclusive) from `range.from` to `range.to`. */
export const useFrostForecasts = (areaId: number, range: { from: string; to: string }) =>
  useQuery(getFrostForecastsQueryOptions(areaId, range));
