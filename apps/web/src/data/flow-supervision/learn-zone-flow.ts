/**
 * POST sections/{id}/flow/learn (issue 30): learn the zone's flow from its metered runs now. The
 * server learns every zone of the area at once (they share its meters), so all the area's flow
 * settings are refreshed, the meters' expected flows with them.
 */
import { flowSupervisionEndpoints, type ZoneFlowSettings } from '@paddock/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api-client.ts';
import { flowSupervisionKeys } from './keys.ts';

function learnZoneFlow(sectionId: number): Promise<ZoneFlowSettings> {
  return callEndpoint(flowSupervisionEndpoints.learnZoneFlow, { params: { id: sectionId } });
}

export function useLearnZoneFlow(areaId: number, sectionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => learnZoneFlow(sectionId),
    // Awaited: the button spins until the card shows what was learned.
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: flowSupervisionKeys.area(areaId) });
    },
  });
}
