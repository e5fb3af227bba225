/**
 * What PUT permissions may do, decided with the domain's §5/§6 rules before anything is written:
 * the caller hands out only actions of roles below their own precedence, and changes a member's
 * role only where canChangeRole allows (a precedence-2 actor never changes a precedence-2 role).
 */
import {
  BOTTOM_ROLE,
  canChangeRole,
  canGrantRole,
  effectiveRole,
  heldRoles,
  privilegeSchema,
  ROLE_NOT_CHANGEABLE,
  ROLE_NOT_GRANTABLE,
  ROLES,
  ROLES_BY_PRECEDENCE,
  type Privilege,
} from '@paddock/domain';

/** Actions that belong to some role; the rest (loginAs, install, internal, admin) are staff's. */
const ROLE_ACTIONS = new Set<Privilege>(ROLES_BY_PRECEDENCE.flatMap((role) => ROLES[role].actions));

export type ChangeRefusal = { reason: string };

/** Refuses actions the caller may not hand out or take away on a site where they hold `actor`. */
export function checkActions(
  actor: readonly Privilege[],
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
  before: readonly Privilege[],
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
  actor: readonly Privilege[],
  before: readonly Privilege[],
  after: readonly Privilege[],
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
