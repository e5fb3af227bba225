/** GET sensors/{id}/series (docs/api.md): one metric of a sensor for a chart. */
import { telemetryEndpoints, type Series } from '@paddock/domain';
import { callEndpoint } from '../../lib/api-client.ts';
import { seriesQueryOf, type SeriesRequest } from './series-request.ts';

export function getSensorSeries(
  sensorId: number,
  request: SeriesRequest,
  signal?: AbortSignal,
): Promise<Series> {
  return callEndpoint(
    telemetryEndpoints.getSensorSeries,
    { params: { id: sensorId }, query: seriesQueryOf(request) },
    { signal },
  );
}
