/**
 * PUT sections/{id}/flow (issue 30): the zone's flow limits and designed flow. The answer is the
 * zone's new settings; its meters' answers list the zone's expected flow, which a designed flow
 * may change, so the area's flow settings are refreshed too.
 */
import { flowSupervisionEndpoints, type ZoneFlowBody, type ZoneFlowSettings } from '@paddock/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api-client.ts';
import { flowSupervisionKeys } from './keys.ts';

function updateZoneFlow(sectionId: number, body: ZoneFlowBody): Promise<ZoneFlowSettings> {
  return callEndpoint(flowSupervisionEndpoints.updateZoneFlow, {
    params: { id: sectionId },
    body,
  });
}

export function useUpdateZoneFlow(areaId: number, sectionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ZoneFlowBody) => updateZoneFlow(sectionId, body),
    // Awaited: the form closes once the card shows the saved limits.
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: flowSupervisionKeys.area(areaId) });
    },
  });
}
