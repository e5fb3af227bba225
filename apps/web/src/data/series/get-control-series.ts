/** GET controls/{id}/series (docs/api.md): one metric of a control for a chart. */
import { telemetryEndpoints, type Series } from '@paddock/domain';
import { callEndpoint } from '../../lib/api-client.ts';
import { seriesQueryOf, type SeriesRequest } from './series-request.ts';

export function getControlSeries(
  controlId: number,
  request: SeriesRequest,
  signal?: AbortSignal,
): Promise<Series> {
  return callEndpoint(
    telemetryEndpoints.getControlSeries,
    { params: { id: controlId }, query: seriesQueryOf(request) },
    { signal },
  );
}
