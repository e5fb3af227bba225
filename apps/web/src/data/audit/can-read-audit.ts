/**
 * Who reads a site's audit log (issue 33 item 3), as the server decides it
 * (resources/audit/audit.routes.ts): the site's admins (the admin role, §6) and support staff (the
 * internal user privilege). Everyone else is refused with 403, so the console neither links the
 * page nor asks for an object's history for them.
 */
import { effectiveRole, TOP_ROLE, type Privilege } from '@paddock/domain';

/** `held`: the user's own privileges with the site's (usePrivileges(siteId).held). */
export function canReadAudit(held: readonly Privilege[]): boolean {
  return effectiveRole(held) === TOP_ROLE || held.includes('internal');
}
