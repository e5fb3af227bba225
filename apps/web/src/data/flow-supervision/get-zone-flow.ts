/** GET sections/{id}/flow (issue 30): the zone's flow limits, designed flow and learned flow. */
import { flowSupervisionEndpoints, type ZoneFlowSettings } from '@paddock/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api-client.ts';
import { flowSupervisionKeys } from './keys.ts';

function getZoneFlow(sectionId: number): Promise<ZoneFlowSettings> {
  return callEndpoint(flowSupervisionEndpoints.getZoneFlow, { params: { id: sectionId } });
}

function getZoneFlowQueryOptions(areaId: number, sectionId: number) {
  return queryOptions({
    queryKey: flowSupervisionKeys.zone(areaId, sectionId),
    queryFn: () => getZoneFlow(sectionId),
  });
}

export function useZoneFlow(areaId: number, sectionId: number) {
  return useQuery(getZoneFlowQueryOptions(areaId, sectionId));
}
