/**
 * Recovery authentication (§7 POST login/recovery): the old-style recovery link, a token with
 * the identity it was sent to, signs its user in so they can set a new password on
 * /changepassword. The token is one of our emailed reset tokens; it is spent here as the reset
 * page would spend it. Every failure of the link reads alike (§8 'Oops, a bit too late…'), so the
 * link does not tell whether the token or the identity was wrong.
 */
import { RECOVERY_LINK_EXPIRED, refuse, type RecoveryBody, type TokenSet } from '@paddock/domain';
import { consumeAccountToken, peekAccountToken } from '../../auth/account-tokens.ts';
import type { AppContext } from '../../http/context.ts';
import { identityPoolIdFor } from './auth.presenter.ts';
import {
  activeMemberships,
  findUserById,
  recordLastLogin,
  type UserRow,
} from './auth.repository.ts';
import { issueTokenSet } from './token-set.ts';

function sameIdentity(user: UserRow, link: RecoveryBody, region: string): boolean {
  return (
    user.uid === link.identityId &&
    user.login.toLowerCase() === link.loginId.toLowerCase() &&
    identityPoolIdFor(region) === link.identityPoolId
  );
}

export async function recoverWithLink(ctx: AppContext, link: RecoveryBody): Promise<TokenSet> {
  const { db } = ctx;
  const now = ctx.clock.now();
  const expired = () => refuse.unauthenticated(RECOVERY_LINK_EXPIRED);

  // Looked at first: a link of another identity must not use the owner's token up.
  const peeked = await peekAccountToken(db, link.token, 'reset', now);
  const user = peeked ? await findUserById(db, peeked.userId) : null;
  if (!user || !sameIdentity(user, link, ctx.config.region)) throw expired();
  if ((await activeMemberships(db, user.id)).length === 0) {
    throw refuse.forbidden('This account has no access to any site');
  }
  if (!(await consumeAccountToken(db, link.token, 'reset', now))) throw expired();

  await recordLastLogin(db, user.id, now);
  const { tokenSet } = await issueTokenSet(ctx, user, null);
  return tokenSet;
}
