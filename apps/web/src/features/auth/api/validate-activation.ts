/**
 * POST {api}/login/account-activation/validate (§7): token → status, message, email and name.
 * A lookup, so it is a query keyed by the token; 401 means an unknown, used or expired token.
 */
import { authEndpoints, type ActivationValidateResponse } from '@paddock/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { authKeys } from '../../../data/auth/keys.ts';
import { callEndpoint } from '../../../lib/api-client.ts';

function validateActivation(
  token: string,
  signal?: AbortSignal,
): Promise<ActivationValidateResponse> {
  return callEndpoint(authEndpoints.validateActivation, { body: { token } }, { signal });
}

export const validateActivationQueryOptions = (token: string) =>
  queryOptions({
    queryKey: authKeys.activation(token),
    queryFn: ({ signal }) => validateActivation(token, signal),
    retry: false,
    // The link is checked once per visit; a used token must not read as valid from the cache.
    gcTime: 0,
  });

export const useValidateActivation = (token: string, options: { enabled: boolean }) =>
  useQuery({ ...validateActivationQueryOptions(token), enabled: options.enabled });
