/**
 * A site's users (§7): GET sites/{siteId}/users, POST users (invite, or add an existing user to
 * another site), POST users/{userId}/resend-activation-email, DELETE sites/{siteId}/users/{userId}
 * and the Switch User audit trail. The writes are the actions commands/invite-user.ts,
 * commands/resend-invitation.ts and commands/remove-user.ts.
 */
import { effectiveRole, refuse, TOP_ROLE, userEndpoints } from '@paddock/domain';
import type { FastifyInstance } from 'fastify';
import { auditActorOf } from './audit-actor.ts';
import { inviteUser } from './invite-user.ts';
import { removeUser } from './remove-user.ts';
import { resendInvitation } from './resend-invitation.ts';
import { authOf } from '../../http/context.ts';
import { route } from '../../http/endpoint.ts';
import { noteBefore } from '../../http/touched.ts';
import { areaPrivileges } from '../../permissions/access.ts';
import { requireKnownSite } from '../sites/site-access.ts';
import { siteUserSwitches, siteUsers } from './users.repository.ts';

export async function usersRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const { db, clock } = ctx;

  route(app, userEndpoints.listSiteUsers, async (request) => {
    const { siteId } = request.params;
    await requireKnownSite(db, request, siteId, 'viewUsers');
    return siteUsers(db, siteId);
  });

  route(app, userEndpoints.inviteUser, async (request, reply) => {
    const payload = request.body;
    const access = await requireKnownSite(db, request, payload.siteId, 'createUsers');
    const { userId, created } = await inviteUser(
      ctx,
      {
        payload,
        actorPrivileges: areaPrivileges(access, null),
        actor: auditActorOf(authOf(request)),
      },
      clock.now(),
    );
    const [user] = await siteUsers(db, payload.siteId, [userId]);
    return reply.code(created ? 201 : 200).send({ user: user as NonNullable<typeof user> });
  });

  route(app, userEndpoints.resendActivationEmail, async (request, reply) => {
    const { userId } = request.params;
    const { siteId } = request.body;
    await requireKnownSite(db, request, siteId, 'createUsers');
    await resendInvitation(
      ctx,
      { userId, siteId, actor: auditActorOf(authOf(request)) },
      clock.now(),
    );
    return reply.code(204).send(null);
  });

  route(app, userEndpoints.removeSiteUser, async (request, reply) => {
    const { siteId, userId } = request.params;
    const access = await requireKnownSite(db, request, siteId, 'deleteUsers');
    const auth = authOf(request);
    await removeUser(
      db,
      {
        userId,
        siteId,
        actingUserId: auth.userId,
        actorPrivileges: areaPrivileges(access, null),
        actor: auditActorOf(auth),
        noteBefore: (before) => noteBefore(request, before),
      },
      clock.now(),
    );
    return reply.code(204).send(null);
  });

  route(app, userEndpoints.listSiteUserSwitches, async (request) => {
    const { siteId } = request.params;
    const access = await requireKnownSite(db, request, siteId, 'viewUsers');
    // Admins only (§6 top role): the trail names staff members and the users they acted as.
    if (effectiveRole(areaPrivileges(access, null)) !== TOP_ROLE) {
      throw refuse.forbidden('Requires the admin role on this site');
    }
    return siteUserSwitches(db, siteId);
  });
}
