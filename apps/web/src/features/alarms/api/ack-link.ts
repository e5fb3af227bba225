/**
 * The acknowledgement link of an alarm's email or sms (ours): GET alarm-acks/{token} says what it
 * acknowledges (reading does not use it up), POST alarm-acks/{token} acknowledges, once. No
 * sign-in: the signed single-use link is the key.
 */
import { notificationEndpoints, type AckLink } from '@paddock/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { alarmKeys } from '../../../data/alarms/keys.ts';
import { callEndpoint } from '../../../lib/api-client.ts';

function getAckLink(token: string): Promise<AckLink> {
  return callEndpoint(notificationEndpoints.getAckLink, { params: { token } });
}

export function useAckLink(token: string) {
  return useQuery({
    queryKey: alarmKeys.ackLink(token),
    queryFn: () => getAckLink(token),
    retry: false,
  });
}

export function useUseAckLink(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (comment: string) =>
      callEndpoint(notificationEndpoints.useAckLink, {
        params: { token },
        body: comment ? { comment } : {},
      }),
    onSuccess: (link) => queryClient.setQueryData(alarmKeys.ackLink(token), link),
  });
}
