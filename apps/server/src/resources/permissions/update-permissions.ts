/**
 * PUT permissions (§7): grant (allowed=true) or revoke (allowed=false) actions on sites for users,
 * or on areas (their per-area lists, which add to the site list). All or nothing: every target and
 * every member change is checked before one transaction writes them, each change with its own
 * audit_log row. The owners' lists as they were go to the call's audit row (PermissionsBefore).
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
import type { Database, Queryable } from '../../db/client.ts';
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

/**
 * What the owners held before the change, each where it applies (a site's list, or an area's
 * list), in the body's `owners` form: the audit row keeps it beside the owners sent.
 */
type PermissionsBefore = {
  owners: {
    id: number;
    type: 'user';
    site: number;
    area?: number;
    privileges: Privilege[];
  }[];
};

type UpdatePermissionsInput = {
  body: PermissionUpdateBody;
  /** The user whose privileges act (the one acted as, under login/as). */
  userId: number;
  /**
   * The acting user's privileges on a target site; refuses a site that does not exist or that
   * they cannot view (a route checks it against the caller's session).
   */
  privilegesOn: (siteId: number, areaId?: number | null) => Promise<Privilege[]>;
  actor: AuditActor;
  /** Told what the owners held, once every check passed and before anything is written. */
  noteBefore?: (before: PermissionsBefore) => void;
};

export async function updatePermissions(
  db: Database,
  input: UpdatePermissionsInput,
  now: Date,
): Promise<void> {
  if (input.body.privilege.target.type === 'area') return updateAreaPermissions(db, input, now);
  const { actions, target, allowed } = input.body.privilege;
  const siteIds = [...new Set(target.ids)];
  const ownerIds = ownersToChange(input);

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
  assertAllMembers(members, ownerIds, 'on these sites');

  const changes: Change[] = [];
  for (const member of members) {
    const actor = actorOnSite.get(member.siteId) ?? [];
    const after = applyChange(member.privileges, actions, allowed);
    const refusal = checkRoleChange(actor, member.privileges, after);
    if (refusal) throw refuse.forbidden(refusal.reason);
    // A member who already has (or lacks) every action is left as is, without an audit row.
    if (!sameActions(member.privileges, after))
      changes.push({ ...member, before: member.privileges, after });
  }
  input.noteBefore?.({
    owners: members.map((member) => ({
      id: member.userId,
      type: 'user',
      site: member.siteId,
      privileges: member.privileges,
    })),
  });

  await db.transaction(async (tx) => {
    for (const change of changes) {
      await setMemberPrivileges(tx, { ...change, privileges: change.after });
      await auditChange(tx, input, change, now);
    }
  });
}

/**
 * Area targets: the owners' lists on each area change, checked as the members' effective lists
 * there (site list ∪ area list) before and after, with the caller's privileges on that area.
 */
async function updateAreaPermissions(
  db: Database,
  input: UpdatePermissionsInput,
  now: Date,
): Promise<void> {
  const { actions, target, allowed } = input.body.privilege;
  const areaIds = [...new Set(target.ids)];
  const ownerIds = ownersToChange(input);

  const changes: (Change & { areaId: number })[] = [];
  const held: PermissionsBefore['owners'] = [];
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
    assertAllMembers(members, ownerIds, 'on this site');
    const lists = await areaLists(db, areaId, ownerIds);
    for (const member of members) {
      const before = lists.get(member.userId) ?? [];
      held.push({
        id: member.userId,
        type: 'user',
        site: siteId,
        area: areaId,
        privileges: before,
      });
      const after = applyChange(before, actions, allowed);
      const roleRefusal = checkRoleChange(
        actor,
        applyChange(member.privileges, before, true),
        applyChange(member.privileges, after, true),
      );
      if (roleRefusal) throw refuse.forbidden(roleRefusal.reason);
      if (!sameActions(before, after))
        changes.push({ userId: member.userId, siteId, areaId, before, after });
    }
  }
  input.noteBefore?.({ owners: held });

  await db.transaction(async (tx) => {
    for (const change of changes) {
      await setAreaList(tx, {
        userId: change.userId,
        areaId: change.areaId,
        privileges: change.after,
      });
      await auditChange(tx, input, change, now);
    }
  });
}

/** The users whose permissions change; refuses a change to the caller's own. */
function ownersToChange(input: UpdatePermissionsInput): number[] {
  const ownerIds = [...new Set(input.body.owners.map((owner) => owner.id))];
  if (ownerIds.includes(input.userId)) {
    throw refuse.forbidden('You cannot change your own permissions');
  }
  return ownerIds;
}

/** Refuses (404) when any of the owners is not a member where the change applies. */
function assertAllMembers(
  members: readonly { userId: number }[],
  ownerIds: readonly number[],
  where: string,
): void {
  const missing = ownerIds.filter((id) => !members.some((member) => member.userId === id));
  if (missing.length > 0) throw refuse.notFound(`User ${missing.join(', ')} ${where}`);
}

/** Whether a list holds the same actions as before (order aside). */
function sameActions(before: readonly Privilege[], after: readonly Privilege[]): boolean {
  return after.length === before.length && after.every((action) => before.includes(action));
}

/** A change's audit_log row: the actions granted or revoked, the list before and after. */
async function auditChange(
  tx: Queryable,
  input: UpdatePermissionsInput,
  change: Change & { areaId?: number },
  now: Date,
): Promise<void> {
  const { actions, allowed } = input.body.privilege;
  await insertAuditEntry(tx, {
    actorUserId: input.actor.actorUserId,
    action: allowed ? 'permissions.grant' : 'permissions.revoke',
    targetUserId: change.userId,
    siteId: change.siteId,
    detail: {
      ...(change.areaId !== undefined && { areaId: change.areaId }),
      actions,
      before: change.before,
      after: change.after,
      onBehalfOf: input.actor.onBehalfOf,
    },
    createdAt: now,
  });
}
