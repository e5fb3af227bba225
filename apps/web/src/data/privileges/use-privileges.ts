/**
 * What the signed-in user may do where they are (§6): the site's actions, the area's when one is
 * given, and the user's own (user-level, e.g. loginAs). The one place the console composes them;
 * route modules hand the answers to features as flags.
 *
 *   const privileges = usePrivileges(site.id, area.id);
 *   <IrrigationWorkspace canControl={privileges.has('control')} … />
 */
import { effectiveRole, privilegesForArea, TOP_ROLE, type Privilege } from '@paddock/domain';
import { useSitePrivileges } from './get-site-privileges.ts';
import { useUserPrivileges } from './get-user-privileges.ts';

export interface Privileges {
  /** Everything known to be held so far: the user's own, plus the site's and the area's. */
  readonly held: readonly Privilege[];
  /** The site's (and area's) privileges have arrived; always true outside a site. */
  readonly known: boolean;
  /** The site-level actions alone (the sidebar's Users and Season); undefined until known. */
  readonly site: readonly Privilege[] | undefined;
  /** Held here. False until the site's privileges are known, so nothing is offered meanwhile (§6: a monitor sees none). */
  readonly has: (privilege: Privilege) => boolean;
}

const NONE = { privileges: [], areas: {} };

export function usePrivileges(siteId: number | undefined, areaId?: number): Privileges {
  const site = useSitePrivileges(siteId);
  const user = useUserPrivileges();
  const onSite = siteId === undefined ? undefined : site.data;
  const known = siteId === undefined || onSite !== undefined;
  const held = privilegesForArea(onSite ?? NONE, areaId, user.data?.privileges);
  return {
    held,
    known,
    site: onSite?.privileges,
    has: (privilege) => known && held.includes(privilege),
  };
}

/**
 * The user is the site's admin (§6 top role), as the server judges it: the site's privileges and
 * the user's own, not an area's. What a page needs for the admins' settings on a device (its
 * devEUI) when the privileges it holds are the area's.
 */
export function useIsSiteAdmin(siteId: number): boolean {
  const privileges = usePrivileges(siteId);
  return privileges.known && effectiveRole(privileges.held) === TOP_ROLE;
}
