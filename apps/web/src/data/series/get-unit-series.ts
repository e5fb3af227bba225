/** GET units/{id}/series (docs/api.md): one metric of a unit (battery, signal, misses) for a chart. */
import { telemetryEndpoints, type Series } from '@paddock/domain';
import { callEndpoint } from '../../lib/api-client.ts';
import { seriesQueryOf, type SeriesRequest } from './series-request.ts';

export function getUnitSeries(
  unitId: number,
  request: SeriesRequest,
  signal?: AbortSignal,
): Promise<Series> {
  return callEndpoint(
    telemetryEndpoints.getUnitSeries,
    { params: { id: unitId }, query: seriesQueryOf(request) },
    { signal },
  );
}
