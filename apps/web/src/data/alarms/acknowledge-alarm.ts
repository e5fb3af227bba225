/**
 * POST areas/{areaId}/alarms/{id}/acknowledge (ours): stops the alarm's escalation and reminders
 * and closes its open events, recorded with who and an optional comment. 409 when it is no
 * longer raised. The area's events (and so the Irrigation tab's count) change with it.
 */
import { notificationEndpoints, type Alarm } from '@paddock/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api-client.ts';
import { eventKeys } from '../events/keys.ts';
import { alarmKeys } from './keys.ts';

function acknowledgeAlarm(areaId: number, id: number, comment?: string): Promise<Alarm> {
  return callEndpoint(notificationEndpoints.acknowledgeAlarm, {
    params: { areaId, id },
    body: comment ? { comment } : {},
  });
}

export function useAcknowledgeAlarm(areaId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, comment }: { id: number; comment?: string }) =>
      acknowledgeAlarm(areaId, id, comment),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: alarmKeys.all }),
        queryClient.invalidateQueries({ queryKey: eventKeys.area(areaId) }),
      ]),
  });
}
