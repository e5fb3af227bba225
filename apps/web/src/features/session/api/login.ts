/** POST /user/login (§7): user, password, region → a token set, stored as the session. */
import { authEndpoints, type LoginBody, type TokenSet } from '@paddock/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client.ts';
import { getAppConfig } from '../../../lib/app-config.ts';
import { emitAuthEvent } from '../../../lib/auth-events.ts';
import { writeAuth } from '../../../lib/auth-storage.ts';
import { rememberLastUser } from '../last-user.ts';

function postLogin(body: LoginBody): Promise<TokenSet> {
  return callEndpoint(authEndpoints.login, { body });
}

interface LoginInput {
  /** Trimmed already (domain validateLogin). */
  readonly accountName: string;
  readonly password: string;
  /** §3 rememberUser 0 or 1: 1 stores the login id as the last user. */
  readonly rememberUser: 0 | 1;
}

/** Signs in, stores the session, remembers (or forgets) the user and tells the other tabs. */
async function login(input: LoginInput): Promise<TokenSet> {
  const tokens = await postLogin({
    user: input.accountName,
    password: input.password,
    region: getAppConfig().awsRegion,
  });
  writeAuth(tokens);
  rememberLastUser(input.rememberUser === 1 ? input.accountName : null);
  emitAuthEvent({ type: 'loggedIn', loginId: tokens.loginId });
  return tokens;
}

/** The login mutation; a new session starts from an empty query cache. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: () => queryClient.clear(),
  });
}
