/**
 * The one precedence rule of §5 for changing what a member may do, shared by the Users form
 * (which roles it offers, whether Remove shows) and the server (what PUT permissions, POST users
 * and removing a member accept). Both read the §6 table through canGrantRole and canChangeRole,
 * so the form never offers what the server refuses.
 */
import { privilegeSchema } from '../entities/vocabulary.ts';
import type { Privilege, Role } from '../entities/vocabulary.ts';
import { ROLE_NOT_CHANGEABLE, ROLE_NOT_GRANTABLE } from '../validation/messages.ts';
import { canChangeRole, canGrantRole, NEW_USER_REQUIRED_ROLES } from './grants.ts';
import {
  BOTTOM_ROLE,
  effectiveRole,
  heldRoles,
  hasPrivilege,
  ROLES,
  ROLES_BY_PRECEDENCE,
  rolePrecedence,
} from './roles.ts';
import type { Privileges } from './roles.ts';

/** Actions that belong to some role; the rest (loginAs, install, internal, admin) are staff's. */
const ROLE_ACTIONS = new Set<Privilege>(ROLES_BY_PRECEDENCE.flatMap((role) => ROLES[role].actions));

export type ChangeRefusal = { reason: string };

/** Refuses actions the caller may not hand out or take away where they hold `actor`. */
export function checkActions(
  actor: Privileges,
  actions: readonly Privilege[],
  allowed: boolean,
): ChangeRefusal | null {
  const outside = actions.filter((action) => !ROLE_ACTIONS.has(action));
  if (outside.length > 0) {
    return { reason: `${outside.join(', ')} cannot be set through site permissions` };
  }
  if (!allowed) return null;
  const grantable = new Set<Privilege>(
    ROLES_BY_PRECEDENCE.filter((role) => canGrantRole(actor, role)).flatMap(
      (role) => ROLES[role].actions,
    ),
  );
  return actions.every((action) => grantable.has(action)) ? null : { reason: ROLE_NOT_GRANTABLE };
}

/** The member's list after granting or revoking, in the vocabulary's order. */
export function applyChange(
  before: Privileges,
  actions: readonly Privilege[],
  allowed: boolean,
): Privilege[] {
  const after = new Set(before);
  for (const action of actions) {
    if (allowed) after.add(action);
    else after.delete(action);
  }
  return privilegeSchema.options.filter((action) => after.has(action));
}

/**
 * Whether the caller may move a member from `before` to `after`: every role the member gains or
 * loses must be one the caller could grant (below their own precedence), and canChangeRole must
 * allow the move (it adds the precedence-2 rule). Ending with no role at all counts as moving to
 * the bottom role.
 */
export function checkRoleChange(
  actor: Privileges,
  before: Privileges,
  after: Privileges,
): ChangeRefusal | null {
  const rolesBefore = heldRoles(before);
  const rolesAfter = heldRoles(after);
  const touched = [
    ...rolesBefore.filter((role) => !rolesAfter.includes(role)),
    ...rolesAfter.filter((role) => !rolesBefore.includes(role)),
  ];
  if (touched.some((role) => !canGrantRole(actor, role))) return { reason: ROLE_NOT_GRANTABLE };
  const unchanged = before.length === after.length && before.every((a) => after.includes(a));
  if (unchanged) return null;
  const next = effectiveRole(after) ?? BOTTOM_ROLE;
  return canChangeRole(actor, effectiveRole(before), next) ? null : { reason: ROLE_NOT_CHANGEABLE };
}

/** One PUT permissions call: grant or revoke these actions. */
export interface RoleChange {
  readonly actions: Privilege[];
  readonly allowed: boolean;
}

/**
 * The PUT permissions change that gives a member holding `current` the role `next`: granting the
 * role's missing actions when moving up (or from no role), revoking the actions of the roles above
 * it when moving down. Null when `next` is already the member's effective role. Actions outside
 * the role table (loginAs, install, internal) are never touched.
 */
export function roleChangeFor(current: Privileges, next: Role): RoleChange | null {
  const currentRole = effectiveRole(current);
  if (currentRole === next) return null;
  if (currentRole === null || rolePrecedence(next) < rolePrecedence(currentRole)) {
    const missing = ROLES[next].actions.filter((action) => !current.includes(action));
    return { actions: [...missing], allowed: true };
  }
  const kept = new Set(ROLES[next].actions);
  const above = ROLES_BY_PRECEDENCE.filter((role) => rolePrecedence(role) < rolePrecedence(next));
  const revoke = privilegeSchema.options.filter(
    (action) =>
      current.includes(action) &&
      !kept.has(action) &&
      above.some((role) => ROLES[role].actions.includes(action)),
  );
  return { actions: revoke, allowed: false };
}

/**
 * Why the caller holding `actor` may not give the member holding `current` the role `next`, or
 * null when they may: the check PUT permissions runs on the change roleChangeFor builds.
 */
export function roleChangeRefusal(
  actor: Privileges,
  current: Privileges,
  next: Role,
): ChangeRefusal | null {
  const change = roleChangeFor(current, next);
  if (!change) return { reason: ROLE_NOT_CHANGEABLE };
  return (
    checkActions(actor, change.actions, change.allowed) ??
    checkRoleChange(actor, current, applyChange(current, change.actions, change.allowed))
  );
}

/**
 * The roles the Users form offers for a member holding `current`, most privileged first: every
 * role other than the member's own that the precedence rule lets the caller give them.
 */
export function assignableRoles(actor: Privileges, current: Privileges): Role[] {
  return ROLES_BY_PRECEDENCE.filter((role) => roleChangeRefusal(actor, current, role) === null);
}

/** The roles the invitation form offers: manage or monitor (§5), each below the caller's own. */
export function invitableRoles(actor: Privileges): Role[] {
  return ROLES_BY_PRECEDENCE.filter(
    (role) => NEW_USER_REQUIRED_ROLES.includes(role) && canGrantRole(actor, role),
  );
}

/**
 * Whether the caller may remove a member from the site: deleteUsers, and (as for any change of a
 * member's role, §5) the member's role is below the caller's own; a member holding no role may go.
 */
export function canRemoveMember(actor: Privileges, member: Privileges): boolean {
  if (!hasPrivilege(actor, 'deleteUsers')) return false;
  const memberRole = effectiveRole(member);
  return memberRole === null || canGrantRole(actor, memberRole);
}

/**
 * Per-area roles (§3, §6: an area's list adds to the site list). In an area the member holds the
 * union of both lists, so an area can raise a member above their site role but never lower them
 * below it: the choices are the roles above the site role that the rule lets the caller give, and
 * "as on the site" (null) when the area list raises them now.
 */
export function assignableAreaRoles(
  actor: Privileges,
  siteList: Privileges,
  areaList: Privileges,
): (Role | null)[] {
  const siteRole = effectiveRole(siteList);
  const here = applyChange(siteList, areaList, true);
  const raised = ROLES_BY_PRECEDENCE.filter(
    (role) =>
      (siteRole === null || rolePrecedence(role) < rolePrecedence(siteRole)) &&
      roleChangeRefusal(actor, here, role) === null,
  );
  const reset = areaRoleChange(siteList, areaList, null);
  const canReset =
    reset !== null &&
    effectiveRole(here) !== siteRole &&
    checkRoleChange(actor, here, siteList) === null;
  return canReset ? [...raised, null] : raised;
}

/**
 * The change to an area's list that gives the member `next` there, or (null) leaves them as on the
 * site by revoking the area's role actions. Null when nothing is to change.
 */
export function areaRoleChange(
  siteList: Privileges,
  areaList: Privileges,
  next: Role | null,
): RoleChange | null {
  if (next === null) {
    const extra = areaList.filter((action) => ROLE_ACTIONS.has(action));
    return extra.length === 0 ? null : { actions: [...extra], allowed: false };
  }
  return roleChangeFor(applyChange(siteList, areaList, true), next);
}
