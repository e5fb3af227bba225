/**
 * GET areas/{id}/frost-forecast: tonight's forecast minimum, when the start temperature is
 * expected, the fit and the early warning. Kept offline with the frost summary (the site's
 * weather entry): at 4 am with no signal, last evening's forecast is what the grower has.
 */
import { frostEndpoints, type FrostForecast } from '@paddock/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api-client.ts';
import { cachedQueryOptions } from '../../lib/offline-cache-queries.ts';
import { frostKeys } from './keys.ts';

function getFrostForecast(areaId: number): Promise<FrostForecast> {
  return callEndpoint(frostEndpoints.getFrostForecast, { params: { id: areaId } });
}

function getFrostForecastQueryOptions(areaId: number, refetchIntervalMs?: number) {
  return cachedQueryOptions(
    queryOptions({
      queryKey: frostKeys.forecast(areaId),
      queryFn: () => getFrostForecast(areaId),
      ...(refetchIntervalMs ? { refetchInterval: refetchIntervalMs } : {}),
    }),
    { key: 'siteWeather', areaId },
  );
}

/**
 * Tonight's forecast; polled (`refetchIntervalMs`) so the page shows the worker's forecast at
 * two hours after sunset, and the warning going out, without a reload.
 */
export const useFrostForecast = (areaId: number, refetchIntervalMs?: number) =>
  useQuery(getFrostForecastQueryOptions(areaId, refetchIntervalMs));
