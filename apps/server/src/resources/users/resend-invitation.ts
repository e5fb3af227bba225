/**
 * POST users/{userId}/resend-activation-email (§7): a new invitation link for a member who has not
 * signed up yet. Earlier links stop working; the status becomes 'resent' and the audit log says
 * who asked, in one transaction; the email goes once that has committed.
 */
import { refuse } from '@paddock/domain';
import { issueInvitation, sendInvitation } from './invitation.ts';
import {
  expireInvitations,
  findMember,
  findUserById,
  insertAuditEntry,
  setSignupStatus,
} from './users.repository.ts';
import type { AuditActor } from './audit-actor.ts';
import { siteLabelOf } from '../../sites/site.repository.ts';
import type { InvitationContext } from './invite-user.ts';

export async function resendInvitation(
  ctx: InvitationContext,
  input: { userId: number; siteId: number; actor: AuditActor },
  now: Date,
): Promise<void> {
  const { db } = ctx;
  const { userId, siteId, actor } = input;
  const member = await findMember(db, userId, siteId);
  const user = member ? await findUserById(db, userId) : null;
  if (!member || !user) throw refuse.notFound('User');
  if (user.passwordHash !== null || member.signupStatus === 'completed') {
    throw refuse.conflict('This user has already completed sign-up');
  }
  if (member.signupStatus === 'revoked')
    throw refuse.conflict("This user's invitation was revoked");

  const label = (await siteLabelOf(db, siteId)) ?? '';
  const token = await db.transaction(async (tx) => {
    await expireInvitations(tx, { userId, siteId, now });
    await setSignupStatus(tx, { userId, siteId, signupStatus: 'resent' });
    await insertAuditEntry(tx, {
      actorUserId: actor.actorUserId,
      action: 'users.resend-invitation',
      targetUserId: userId,
      siteId,
      detail: { onBehalfOf: actor.onBehalfOf },
      createdAt: now,
    });
    return issueInvitation(tx, { user, siteId, now });
  });
  await sendInvitation(ctx, { user, site: { id: siteId, label }, token });
}
