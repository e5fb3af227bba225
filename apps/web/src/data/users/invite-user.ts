/**
 * POST users (§7): invites a new user (201) or adds an existing one to the site (200). The answer's
 * status matters to the console (§8 messages differ), so it is returned beside the user.
 */
import { userEndpoints, type CreateUserPayload, type User } from '@paddock/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api-client.ts';
import { userKeys } from './keys.ts';

type InviteOutcome = { user: User; created: boolean };

async function inviteUser(payload: CreateUserPayload): Promise<InviteOutcome> {
  let status = 0;
  const { user } = await callEndpoint(
    userEndpoints.inviteUser,
    { body: payload },
    {
      onStatus: (code) => {
        status = code;
      },
    },
  );
  return { user, created: status === 201 };
}

export function useInviteUser(siteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.site(siteId) }),
  });
}
