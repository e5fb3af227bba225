/**
 * Removing a user from a site (DELETE sites/{siteId}/users/{userId}): the membership, the user's
 * per-area lists on the site's areas and their open invitation to it go, with an audit row, in one
 * transaction. Every call checks membership against the database, so their next call on the site
 * is refused; a user left on no site also loses every session, so their token and a refresh of it
 * are refused as well (a refresh re-checks membership too: resources/auth/session.routes.ts).
 */
import { canRemoveMember, effectiveRole, refuse, type Privilege, type User } from '@paddock/domain';
import { revokeUserSessions } from '../../auth/sessions.ts';
import type { Database } from '../../db/client.ts';
import { activeMemberships } from '../auth/auth.repository.ts';
import {
  deleteMember,
  expireInvitations,
  findMember,
  insertAuditEntry,
} from './users.repository.ts';
import type { AuditActor } from './audit-actor.ts';

export async function removeUser(
  db: Database,
  input: {
    userId: number;
    siteId: number;
    /** The user whose privileges act (the one acted as, under login/as). */
    actingUserId: number;
    /** The acting user's privileges on the site. */
    actorPrivileges: Privilege[];
    actor: AuditActor;
    /**
     * Told the member as they were, for the change's audit row: the fields of a site user their
     * membership holds (their contact and alarm counts are not read to remove them).
     */
    noteBefore: (before: Pick<User, 'id' | 'uid' | 'login' | 'site' | 'privileges'>) => void;
  },
  now: Date,
): Promise<void> {
  const { userId, siteId, actor } = input;
  if (userId === input.actingUserId) throw refuse.forbidden('You cannot remove yourself');
  const member = await findMember(db, userId, siteId);
  if (!member) throw refuse.notFound('User');
  if (!canRemoveMember(input.actorPrivileges, member.privileges)) {
    throw refuse.forbidden(
      `You cannot remove a user whose role (${effectiveRole(member.privileges) ?? 'none'}) is not below your own`,
    );
  }
  input.noteBefore({
    id: member.id,
    uid: member.uid,
    login: member.login,
    site: member.siteId,
    privileges: member.privileges,
  });

  await db.transaction(async (tx) => {
    await deleteMember(tx, { userId, siteId });
    await expireInvitations(tx, { userId, siteId, now });
    await insertAuditEntry(tx, {
      actorUserId: actor.actorUserId,
      action: 'users.remove-from-site',
      targetUserId: userId,
      siteId,
      detail: { privileges: member.privileges, onBehalfOf: actor.onBehalfOf },
      createdAt: now,
    });
  });
  if ((await activeMemberships(db, userId)).length === 0) {
    await revokeUserSessions(db, userId, now);
  }
}
