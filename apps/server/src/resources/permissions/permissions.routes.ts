/**
 * PUT permissions (§7): grant or revoke actions on sites for users, through the action
 * commands/update-permissions.ts. 403 is Users.Notification.NotSufficientPermission in the
 * console (§8).
 */
import { permissionEndpoints } from '@paddock/domain';
import type { FastifyInstance } from 'fastify';
import { auditActorOf } from '../users/audit-actor.ts';
import { updatePermissions } from './update-permissions.ts';
import { authOf } from '../../http/context.ts';
import { route } from '../../http/endpoint.ts';
import { noteBefore } from '../../http/touched.ts';
import { areaPrivileges } from '../../permissions/access.ts';
import { requireKnownSite } from '../sites/site-access.ts';

export async function permissionsRoutes(app: FastifyInstance) {
  const { db, clock } = app.ctx;

  route(app, permissionEndpoints.updatePermissions, async (request, reply) => {
    const auth = authOf(request);
    await updatePermissions(
      db,
      {
        body: request.body,
        userId: auth.userId,
        privilegesOn: async (siteId, areaId = null) =>
          areaPrivileges(await requireKnownSite(db, request, siteId, 'view'), areaId),
        actor: auditActorOf(auth),
        noteBefore: (before) => noteBefore(request, before),
      },
      clock.now(),
    );
    return reply.code(204).send(null);
  });
}
