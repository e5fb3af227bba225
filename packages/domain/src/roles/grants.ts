/**
 * §5 grant rules: which roles an acting user may hand out or change, and what a new user's
 * privileges are. All of them compare precedence numbers from the §6 table.
 */
import type { Privilege, Role } from '../entities/vocabulary.ts';
import { ROLE_REQUIRED } from '../validation/messages.ts';
import type { ValidationResult } from '../validation/result.ts';
import { BOTTOM_ROLE, ROLES, effectiveRole, rolePrecedence } from './roles.ts';
import type { Privileges } from './roles.ts';

/**
 * §5: "A role may be granted only if below the acting user's own precedence" — its precedence
 * number is strictly greater than the actor's. So an admin grants manage and monitor, a manager
 * grants monitor, a monitor grants nothing; nobody grants admin. An actor holding no role grants
 * nothing.
 */
export function canGrantRole(actorPrivileges: Privileges, role: Role): boolean {
  const actorRole = effectiveRole(actorPrivileges);
  if (actorRole === null) return false;
  return rolePrecedence(role) > rolePrecedence(actorRole);
}

/**
 * §5: "Precedence-2 role cannot be changed to anything when the actor has the same precedence",
 * plus the grant rule for the new role. `targetCurrentRole` is null when the target holds no role.
 * The spec adds no rule about the target's current role otherwise, so none is invented here.
 */
export function canChangeRole(
  actorPrivileges: Privileges,
  targetCurrentRole: Role | null,
  newRole: Role,
): boolean {
  const actorRole = effectiveRole(actorPrivileges);
  if (actorRole === null) return false;
  const bottom = rolePrecedence(BOTTOM_ROLE);
  if (
    targetCurrentRole !== null &&
    rolePrecedence(targetCurrentRole) === bottom &&
    rolePrecedence(actorRole) === bottom
  ) {
    return false;
  }
  return canGrantRole(actorPrivileges, newRole);
}

/** The roles that satisfy §5 "at least one role of manage or monitor". */
export const NEW_USER_REQUIRED_ROLES: readonly Role[] = ['manage', 'monitor'];

/**
 * §5: a new user needs at least one role of manage or monitor; the highest-privilege role's
 * actions are sent. Decision: 'admin' alone is refused (it is not manage or monitor); 'admin'
 * alongside manage or monitor passes here and sends admin's actions — whether the actor may grant
 * it is the grant rule's business (see validateCreateUser), and under that rule nobody can.
 */
export function newUserPrivileges(roles: readonly Role[]): ValidationResult<Privilege[], 'roles'> {
  if (!roles.some((role) => NEW_USER_REQUIRED_ROLES.includes(role))) {
    return { ok: false, errors: { roles: ROLE_REQUIRED } };
  }
  const highest = [...roles].sort((a, b) => rolePrecedence(a) - rolePrecedence(b))[0];
  return { ok: true, value: highest === undefined ? [] : [...ROLES[highest].actions] };
}
