/**
 * GET {api}/users/sign-up/status?token= (ours; §7 "signup status check", path not shown):
 * stats.signupStatus, and who was invited to which site. 400 for an unknown or expired invitation.
 */
import { authEndpoints, type SignupStatusResponse } from '@paddock/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { authKeys } from '../../../data/auth/keys.ts';
import { callEndpoint } from '../../../lib/api-client.ts';

function getSignupStatus(token: string, signal?: AbortSignal): Promise<SignupStatusResponse> {
  return callEndpoint(authEndpoints.getSignupStatus, { query: { token } }, { signal });
}

export const signupStatusQueryOptions = (token: string) =>
  queryOptions({
    queryKey: authKeys.signupStatus(token),
    queryFn: ({ signal }) => getSignupStatus(token, signal),
    retry: false,
    gcTime: 0,
  });

export const useSignupStatus = (token: string, options: { enabled: boolean }) =>
  useQuery({ ...signupStatusQueryOptions(token), enabled: options.enabled });
