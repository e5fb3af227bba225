/**
 * PUT permissions (§7): grant (allowed=true) or revoke (allowed=false) actions on sites for users,
 * or on areas (their per-area lists, which add to the site list). All or nothing: every target and
 * every member change is checked before one transaction writes them, each change with its own
 * audit_log row.
 */
import {
  applyChange,
  checkActions,
  checkRoleChange,
  hasPrivilege,
  refuse,
  type PermissionUpdateBody,
  type Privilege,
} from '@paddock/domain';
import type { Database } from '../../db/client.ts';
import {
  areaLists,
  areaSite,
  membersOnSites,
  setAreaList,
  setMemberPrivileges,
} from './permissions.repository.ts';
import { insertAuditEntry } from '../users/users.repository.ts';
import type { AuditActor } from '../users/audit-actor.ts';

type Change = { userId: number; siteId: number; before: Privilege[]; after: Privilege[] };

export async function updatePermissions(
  db: Database,
  input: {
    body: PermissionUpdateBody;
    /** The user whose privileges act (the one acted as, under login/as). */
    userId: number;
    /**
     * The acting user's privileges on a target site; refuses a site that does not exist or that
     * they cannot view (a route checks it against the caller's session).
     */
    privilegesOn: (siteId: number, areaId?: number | null) => Promise<Privilege[]>;
    actor: AuditActor;
  },
  now: Date,
): Promise<void> {
  if (input.body.privilege.target.type === 'area') return updateAreaPermissions(db, input, now);
  const { actions, target, allowed } = input.body.privilege;
  const siteIds = [...new Set(target.ids)];
  const ownerIds = [...new Set(input.body.owners.map((owner) => owner.id))];
  if (ownerIds.includes(input.userId)) {
    throw refuse.forbidden('You cannot change your own permissions');
  }

  const actorOnSite = new Map<number, Privilege[]>();
  for (const siteId of siteIds) {
    const actor = await input.privilegesOn(siteId);
    if (!hasPrivilege(actor, 'addPermissions') && !hasPrivilege(actor, 'updateUsers')) {
      throw refuse.forbidden('Requires the addPermissions privilege on this site');
    }
    const refusal = checkActions(actor, actions, allowed);
    if (refusal) throw refuse.forbidden(refusal.reason);
    actorOnSite.set(siteId, actor);
  }

  const members = await membersOnSites(db, siteIds, ownerIds);
  const missing = ownerIds.filter((id) => !members.some((member) => member.userId === id));
  if (missing.length > 0) throw refuse.notFound(`User ${missing.join(', ')} on these sites`);

  const changes: Change[] = [];
  for (const member of members) {
    const actor = actorOnSite.get(member.siteId) ?? [];
    const after = applyChange(member.privileges, actions, allowed);
    const refusal = checkRoleChange(actor, member.privileges, after);
    if (refusal) throw refuse.forbidden(refusal.reason);
    // A member who already has (or lacks) every action is left as is, without an audit row.
    const same =
      after.length === member.privileges.length &&
      after.every((action) => member.privileges.includes(action));
    if (!same) changes.push({ ...member, before: member.privileges, after });
  }

  await db.transaction(async (tx) => {
    for (const change of changes) {
      await setMemberPrivileges(tx, { ...change, privileges: change.after });
      await insertAuditEntry(tx, {
        actorUserId: input.actor.actorUserId,
        action: allowed ? 'permissions.grant' : 'permissions.revoke',
        targetUserId: change.userId,
        siteId: change.siteId,
        detail: {
          actions,
          before: change.before,
          after: change.after,
          onBehalfOf: input.actor.onBehalfOf,
        },
        createdAt: now,
      });
    }
  });
}

/**
 * Area targets: the owners' lists on each area change, checked as the members' effective lists
 * there (site list ∪ area list) before and after, with the caller's privileges on that area.
 */
async function updateAreaPermissions(
  db: Database,
  input: Parameters<typeof updatePermissions>[1],
  now: Date,
): Promise<void> {
  const { actions, target, allowed } = input.body.privilege;
  const areaIds = [...new Set(target.ids)];
  const ownerIds = [...new Set(input.body.owners.map((owner) => owner.id))];
  if (ownerIds.includes(input.userId)) {
    throw refuse.forbidden('You cannot change your own permissions');
  }

  const changes: (Change & { areaId: number })[] = [];
  for (const areaId of areaIds) {
    const siteId = await areaSite(db, areaId);
    if (siteId === null) throw refuse.notFound('Area');
    const actor = await input.privilegesOn(siteId, areaId);
    if (!hasPrivilege(actor, 'addPermissions') && !hasPrivilege(actor, 'updateUsers')) {
      throw refuse.forbidden('Requires the addPermissions privilege on this area');
    }
    const refusal = checkActions(actor, actions, allowed);
    if (refusal) throw refuse.forbidden(refusal.reason);

    const members = await membersOnSites(db, [siteId], ownerIds);
    const missing = ownerIds.filter((id) => !members.some((member) => member.userId === id));
    if (missing.length > 0) throw refuse.notFound(`User ${missing.join(', ')} on this site`);
    const lists = await areaLists(db, areaId, ownerIds);
    for (const member of members) {
      const before = lists.get(member.userId) ?? [];
      const after = applyChange(before, actions, allowed);
      const roleRefusal = checkRoleChange(
        actor,
        applyChange(member.privileges, before, true),
        applyChange(member.privileges, after, true),
      );
      if (roleRefusal) throw refuse.forbidden(roleRefusal.reason);
      const same = after.length === before.length && after.every((a) => before.includes(a));
      if (!same) changes.push({ userId: member.userId, siteId, areaId, before, after });
    }
  }

  await db.transaction(async (tx) => {
    for (const change of changes) {
      await setAreaList(tx, {
        userId: change.userId,
        areaId: change.areaId,
        privileges: change.after,
      });
      await insertAuditEntry(tx, {
        actorUserId: input.actor.actorUserId,
        action: allowed ? 'permissions.grant' : 'permissions.revoke',
        targetUserId: change.userId,
        siteId: change.siteId,
        detail: {
          areaId: change.areaId,
          actions,
          before: change.before,
          after: change.after,
          onBehalfOf: input.actor.onBehalfOf,
        },
        createdAt: now,
      });
    }
  });
}
