/**
 * POST {api}/login/recovery (§7 recovery authentication): the recovery link's token, identityId,
 * loginId and identityPoolId → a token set, stored as the session (the link signs its user in).
 */
import { authEndpoints, type RecoveryBody, type TokenSet } from '@paddock/domain';
import { callEndpoint } from '../../../lib/api-client.ts';
import { emitAuthEvent } from '../../../lib/auth-events.ts';
import { writeAuth } from '../../../lib/auth-storage.ts';

export async function recoverWithLink(body: RecoveryBody): Promise<TokenSet> {
  const tokens = await callEndpoint(authEndpoints.recover, { body });
  writeAuth(tokens);
  emitAuthEvent({ type: 'loggedIn', loginId: tokens.loginId });
  return tokens;
}
