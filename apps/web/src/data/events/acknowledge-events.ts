/**
 * POST areas/{id}/events/acknowledge (ours): closes the given open events of the area, or all of
 * them. The area's event queries (the Events pane, the Irrigation tab's open count) refresh.
 */
import { eventEndpoints, type EventsAcknowledgeBody } from '@paddock/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api-client.ts';
import { eventKeys } from './keys.ts';

function acknowledgeEvents(areaId: number, body: EventsAcknowledgeBody) {
  return callEndpoint(eventEndpoints.acknowledgeAreaEvents, { params: { id: areaId }, body });
}

export function useAcknowledgeEvents(areaId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EventsAcknowledgeBody) => acknowledgeEvents(areaId, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: eventKeys.area(areaId) }),
  });
}
