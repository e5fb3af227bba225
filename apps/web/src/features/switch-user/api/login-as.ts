/**
 * POST user/login/as (§7 "user, region"): a token set for another user. On success the new session
 * replaces this one here and in every other tab, and the console reloads as that user (§2).
 */
import { authEndpoints, type TokenSet } from '@paddock/domain';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client.ts';
import { getAppConfig } from '../../../lib/app-config.ts';
import { emitAuthEvent } from '../../../lib/auth-events.ts';
import { writeAuth } from '../../../lib/auth-storage.ts';

function postLoginAs(email: string): Promise<TokenSet> {
  return callEndpoint(authEndpoints.loginAs, {
    body: { user: email.trim(), region: getAppConfig().awsRegion },
  });
}

/** Switches the session to the other user; `reload` starts the console afresh as them. */
async function switchUser(
  email: string,
  reload: () => void = () => window.location.assign('/'),
): Promise<TokenSet> {
  const tokens = await postLoginAs(email);
  writeAuth(tokens);
  // Other tabs showing a signed-in page reload as the new user (root layout).
  emitAuthEvent({ type: 'loggedIn', loginId: tokens.loginId });
  reload();
  return tokens;
}

export function useSwitchUser(reload?: () => void) {
  return useMutation({ mutationFn: (email: string) => switchUser(email, reload) });
}
