/**
 * The §6 role table and the privilege rules built on it. A role is not stored: it is read off the
 * list of actions a user holds, so every check here takes that list.
 */
import { privilegeSchema, roleSchema } from '../entities/vocabulary.ts';
import type { SitePrivileges } from '../entities/privileges.ts';
import type { Privilege, Role } from '../entities/vocabulary.ts';

export interface RoleDefinition {
  /** Lower is more privileged; the effective role is the held role with the lowest number (§6). */
  readonly precedence: number;
  /** A user holds the role when every one of these actions is present (§6). */
  readonly actions: readonly Privilege[];
}

/** The §6 table, exactly. */
export const ROLES: Readonly<Record<Role, RoleDefinition>> = {
  admin: {
    precedence: 0,
    actions: [
      'view',
      'edit',
      'viewUsers',
      'program',
      'control',
      'createUsers',
      'updateUsers',
      'deleteUsers',
      'addPermissions',
    ],
  },
  manage: { precedence: 1, actions: ['view', 'edit', 'viewUsers', 'program', 'control'] },
  monitor: { precedence: 2, actions: ['view'] },
};

/** Every role, most privileged first. */
export const ROLES_BY_PRECEDENCE: readonly Role[] = [...roleSchema.options].sort(
  (a, b) => ROLES[a].precedence - ROLES[b].precedence,
);

/** The top role (lowest precedence number): admin. */
export const TOP_ROLE: Role = ROLES_BY_PRECEDENCE[0] ?? 'admin';

/** The bottom role (highest precedence number): monitor, "precedence 2" in §5. */
export const BOTTOM_ROLE: Role = ROLES_BY_PRECEDENCE[ROLES_BY_PRECEDENCE.length - 1] ?? 'monitor';

/** A user's privileges on one site or area: a plain list of actions. */
export type Privileges = readonly Privilege[];

export function rolePrecedence(role: Role): number {
  return ROLES[role].precedence;
}

export function roleActions(role: Role): readonly Privilege[] {
  return ROLES[role].actions;
}

export function hasPrivilege(privileges: Privileges, action: Privilege): boolean {
  return privileges.includes(action);
}

/** §6: a role is held when all its actions are present. */
export function holdsRole(privileges: Privileges, role: Role): boolean {
  return ROLES[role].actions.every((action) => privileges.includes(action));
}

/** Every role the privileges satisfy, most privileged first. */
export function heldRoles(privileges: Privileges): Role[] {
  return ROLES_BY_PRECEDENCE.filter((role) => holdsRole(privileges, role));
}

/** §6: the lowest precedence number among the held roles; `null` when no role is held. */
export function effectiveRole(privileges: Privileges): Role | null {
  return heldRoles(privileges)[0] ?? null;
}

/** §6: loginAs enables Switch User. */
export function canLoginAs(privileges: Privileges): boolean {
  return hasPrivilege(privileges, 'loginAs');
}

/** §6: viewUsers enables the Users link. */
export function canViewUsers(privileges: Privileges): boolean {
  return hasPrivilege(privileges, 'viewUsers');
}

/**
 * §6: "Contact support is shown when required actions are a superset of the user's and the
 * difference includes an action of the top role."
 *
 * Reading, taken literally: (1) every action the user holds is among the required ones
 * (required ⊇ held); (2) at least one required action the user lacks appears in the top role's
 * (admin's) action list. Actions outside every role (loginAs, install, internal, admin) never
 * trigger it on their own. When the user holds an action the screen does not require, (1) fails
 * and the plain 403 / not-found treatment applies instead.
 */
export function mustContactSupport(required: Privileges, held: Privileges): boolean {
  const isSuperset = held.every((action) => required.includes(action));
  if (!isSuperset) return false;
  const topActions = ROLES[TOP_ROLE].actions;
  return required.some((action) => !held.includes(action) && topActions.includes(action));
}

/**
 * §6: the effective list for one area, from GET sites/{id}/privileges (site-level list plus
 * area id → list) and the user-level list of GET user/privileges. The spec names site-level, per-area and user-level lists
 * but not how they combine; we take their union (a per-area list adds to the site list, it never
 * takes away), deduplicated and in the vocabulary's order.
 */
export function privilegesForArea(
  sitePrivileges: SitePrivileges,
  areaId: number | string | null | undefined,
  userPrivileges: Privileges = [],
): Privilege[] {
  const areaList = areaId == null ? [] : (sitePrivileges.areas[String(areaId)] ?? []);
  const all = new Set<Privilege>([...sitePrivileges.privileges, ...areaList, ...userPrivileges]);
  return privilegeSchema.options.filter((action) => all.has(action));
}
