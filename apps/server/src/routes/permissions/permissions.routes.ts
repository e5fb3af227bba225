/**
 * PUT permissions (§7): grant (allowed=true) or revoke (allowed=false) actions on sites for users.
 * All or nothing: every site and every member change is checked before one transaction writes
 * them, each change with its own audit_log row. 403 is Users.Notification.NotSufficientPermission
 * in the console (§8).
 */
import { hasPrivilege, permissionUpdateBodySchema, type Privilege } from '@paddock/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditLog, siteMembers } from '../../db/schema.ts';
import { authOf } from '../../http/context.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { areaPrivileges } from '../../permissions/access.ts';
import { requireKnownSite } from '../sites/site-access.ts';
import { applyChange, checkActions, checkRoleChange } from './permission-change.ts';

const noContent = z.null().describe('No content');

type Change = { userId: number; siteId: number; before: Privilege[]; after: Privilege[] };

export async function permissionsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, clock } = app.ctx;

  app.put(
    '/permissions',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['users'],
        summary: 'Grant or revoke actions on sites for users (site-level lists)',
        description:
          'Needs addPermissions or updateUsers on every target site. Owners are changed on the ' +
          'target sites they are members of; an owner on none of them is 404. 403 when an ' +
          'action or a role change is not below your own precedence (§5), or for your own list.',
        security: [{ bearer: [] }],
        body: permissionUpdateBodySchema,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const { actions, target, allowed } = request.body.privilege;
      const siteIds = [...new Set(target.ids)];
      const ownerIds = [...new Set(request.body.owners.map((owner) => owner.id))];
      if (ownerIds.includes(auth.userId)) throw forbidden('You cannot change your own permissions');

      const actorOnSite = new Map<number, Privilege[]>();
      for (const siteId of siteIds) {
        const access = await requireKnownSite(db, request, siteId, 'view');
        const actor = areaPrivileges(access, null);
        if (!hasPrivilege(actor, 'addPermissions') && !hasPrivilege(actor, 'updateUsers')) {
          throw forbidden('Requires the addPermissions privilege on this site');
        }
        const refusal = checkActions(actor, actions, allowed);
        if (refusal) throw forbidden(refusal.reason);
        actorOnSite.set(siteId, actor);
      }

      const members = await db
        .select({
          userId: siteMembers.userId,
          siteId: siteMembers.siteId,
          privileges: siteMembers.privileges,
        })
        .from(siteMembers)
        .where(and(inArray(siteMembers.siteId, siteIds), inArray(siteMembers.userId, ownerIds)));
      const missing = ownerIds.filter((id) => !members.some((member) => member.userId === id));
      if (missing.length > 0) throw notFound(`User ${missing.join(', ')} on these sites`);

      const changes: Change[] = [];
      for (const member of members) {
        const actor = actorOnSite.get(member.siteId) ?? [];
        const after = applyChange(member.privileges, actions, allowed);
        const refusal = checkRoleChange(actor, member.privileges, after);
        if (refusal) throw forbidden(refusal.reason);
        // A member who already has (or lacks) every action is left as is, without an audit row.
        const same =
          after.length === member.privileges.length &&
          after.every((action) => member.privileges.includes(action));
        if (!same) changes.push({ ...member, before: member.privileges, after });
      }

      const now = clock.now();
      await db.transaction(async (tx) => {
        for (const change of changes) {
          await tx
            .update(siteMembers)
            .set({ privileges: change.after })
            .where(
              and(eq(siteMembers.userId, change.userId), eq(siteMembers.siteId, change.siteId)),
            );
          await tx.insert(auditLog).values({
            actorUserId: auth.actorUserId ?? auth.userId,
            action: allowed ? 'permissions.grant' : 'permissions.revoke',
            targetUserId: change.userId,
            siteId: change.siteId,
            detail: {
              actions,
              before: change.before,
              after: change.after,
              onBehalfOf: auth.actorUserId === null ? undefined : auth.userId,
            },
            createdAt: now,
          });
        }
      });
      return reply.code(204).send(null);
    },
  );
}
