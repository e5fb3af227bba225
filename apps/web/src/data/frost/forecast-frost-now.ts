/**
 * POST areas/{id}/frost-forecast: tonight's forecast made again from the latest readings (a
 * user with edit rights, e.g. at dusk). The answer is tonight's forecast, so it replaces the
 * query's data at once; the season's nights are fetched again (tonight's row changed).
 */
import { frostEndpoints, type FrostForecast } from '@paddock/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api-client.ts';
import { frostKeys } from './keys.ts';

function forecastFrostNow(areaId: number): Promise<FrostForecast> {
  return callEndpoint(frostEndpoints.forecastFrostNow, { params: { id: areaId } });
}

export function useForecastFrostNow(areaId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => forecastFrostNow(areaId),
    onSuccess: (forecast) => {
      queryClient.setQueryData(frostKeys.forecast(areaId), forecast);
      void queryClient.invalidateQueries({ queryKey: frostKeys.forecastNights(areaId) });
    },
  });
}
