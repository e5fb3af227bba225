/** GET radios/{id}/series (docs/api.md): one metric of a radio (battery, signal, misses) for a chart. */
import { telemetryEndpoints, type Series } from '@paddock/domain';
import { callEndpoint } from '../../lib/api-client.ts';
import { seriesQueryOf, type SeriesRequest } from './series-request.ts';

export function getRadioSeries(
  radioId: number,
  request: SeriesRequest,
  signal?: AbortSignal,
): Promise<Series> {
  return callEndpoint(
    telemetryEndpoints.getRadioSeries,
    { params: { id: radioId }, query: seriesQueryOf(request) },
    { signal },
  );
}
