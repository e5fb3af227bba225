/**
 * GET sensors/{id}/flow (issue 30): a water meter's flow limits, the zones it feeds with their
 * expected flows, and what the supervisor sees on it now (renewed with the route refresh).
 */
import { flowSupervisionEndpoints, type MeterFlowSettings } from '@paddock/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api-client.ts';
import { flowSupervisionKeys } from './keys.ts';

function getMeterFlow(sensorId: number): Promise<MeterFlowSettings> {
  return callEndpoint(flowSupervisionEndpoints.getMeterFlow, { params: { id: sensorId } });
}

function getMeterFlowQueryOptions(areaId: number, sensorId: number) {
  return queryOptions({
    queryKey: flowSupervisionKeys.meter(areaId, sensorId),
    queryFn: () => getMeterFlow(sensorId),
  });
}

export function useMeterFlow(areaId: number, sensorId: number) {
  return useQuery(getMeterFlowQueryOptions(areaId, sensorId));
}
