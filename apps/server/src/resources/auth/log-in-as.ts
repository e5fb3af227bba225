/**
 * Acting as another user (§7 POST user/login/as, Switch User, §6): a new session for the user
 * that records the actor, and an entry in the audit log. The actor needs loginAs on a site the
 * user belongs to; users of other sites are as unknown as users that do not exist, and users who
 * hold loginAs themselves cannot be acted as.
 */
import { hasPrivilege, type TokenSet, refuse } from '@paddock/domain';
import type { AppContext } from '../../http/context.ts';
import { activeMemberships, auditLoginAs, findUserByLogin } from './auth.repository.ts';
import { issueTokenSet } from './token-set.ts';

export async function logInAs(
  ctx: AppContext,
  input: {
    actorUserId: number;
    login: string;
    /** Told whom the staff member now acts as, for the call's audit row. */
    onSignedIn: (userId: number) => void;
  },
): Promise<TokenSet> {
  const { db } = ctx;
  const { actorUserId, login } = input;
  const loginAsSites = (await activeMemberships(db, actorUserId))
    .filter((membership) => hasPrivilege(membership.privileges, 'loginAs'))
    .map((membership) => membership.siteId);
  if (loginAsSites.length === 0) throw refuse.forbidden('Requires the loginAs privilege');

  const target = await findUserByLogin(db, login);
  const targetMemberships = target ? await activeMemberships(db, target.id) : [];
  const sharedSites = targetMemberships
    .map((membership) => membership.siteId)
    .filter((siteId) => loginAsSites.includes(siteId));
  // Users of other sites are as unknown to the caller as users that do not exist. Unlike sign-in,
  // a plain 404 is kept: only signed-in staff holding loginAs get this far, and it names no one
  // beyond the members of their own sites, so it tells them nothing they may not know.
  if (!target || sharedSites.length === 0) throw refuse.notFound('User');
  if (targetMemberships.some((membership) => hasPrivilege(membership.privileges, 'loginAs'))) {
    throw refuse.forbidden('Cannot log in as a user who holds loginAs');
  }

  const { tokenSet, sessionId } = await issueTokenSet(ctx, target, actorUserId);
  await auditLoginAs(db, {
    actorUserId,
    targetUserId: target.id,
    siteIds: sharedSites,
    sessionId,
    now: ctx.clock.now(),
  });
  input.onSignedIn(target.id);
  return tokenSet;
}
