/**
 * Spec §6 on the server: a caller touches a site only as a member of it, and an object only
 * through the site (and area) it belongs to. Unknown objects are 404; objects of a site the
 * caller is not a member of, or lacking the action, are 403.
 */
import {
  hasPrivilege,
  privilegesForArea,
  type Privilege,
  type SitePrivileges,
} from '@paddock/domain';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/client.ts';
import { perDatabase } from '../db/per-database.ts';
import { KeptWhileUnchanged } from '../db/table-versions.ts';
import { authOf } from '../http/context.ts';
import { forbidden, notFound } from '../http/errors.ts';
import { noteTouched } from '../http/touched.ts';
import {
  findSiteMember,
  listAllAreaMemberships,
  listAreaMemberships,
  listMemberSiteIds,
  listSiteMemberships,
  MEMBERSHIP_TABLES,
  OBJECT_LOCATIONS,
  prepareObjectAccess,
  type ObjectKind,
} from './access.repository.ts';

export type SiteAccess = SitePrivileges & {
  siteId: number;
  /** User-level privileges (§6), e.g. loginAs and internal. */
  userPrivileges: Privilege[];
};

/** The caller's privileges on a site, or null when they are not a member of it. */
export async function loadSiteAccess(
  db: Database,
  userId: number,
  siteId: number,
): Promise<SiteAccess | null> {
  const member = await findSiteMember(db, userId, siteId);
  if (!member) return null;
  const areaRows = await listAreaMemberships(db, userId, siteId);
  return {
    siteId,
    privileges: member.privileges,
    areas: Object.fromEntries(areaRows.map((row) => [String(row.areaId), row.privileges])),
    userPrivileges: member.userPrivileges,
  };
}

/** Callers whose lists of every site are kept (see db/table-versions.ts). */
const MEMBER_SITES_KEPT = 200;

/**
 * The lists of every site a member has, kept per database until a membership table is written:
 * embedded, by the in-process table versions; on PostgreSQL, by the `memberships` counter its
 * triggers move (migration 0038), one primary-key read instead of 500 sites' lists.
 */
const memberSitesAccessOf = perDatabase(
  (db) =>
    new KeptWhileUnchanged<readonly SiteAccess[]>(
      db,
      [...MEMBERSHIP_TABLES, 'areas'],
      MEMBER_SITES_KEPT,
      'memberships',
    ),
);

/**
 * The caller's privileges on every site they are a member of, in two statements however many
 * sites (the fleet view reads 500 at once); the same lists loadSiteAccess reads for one site.
 * They are kept until a membership (or an area, which places an area's list) changes: support
 * staff's 500 sites took a quarter of a fleet call to read again each time.
 */
export function loadMemberSitesAccess(
  db: Database,
  userId: number,
): Promise<readonly SiteAccess[]> {
  return memberSitesAccessOf(db).get(String(userId), () => readMemberSitesAccess(db, userId));
}

async function readMemberSitesAccess(db: Database, userId: number): Promise<SiteAccess[]> {
  const [members, areaRows] = await Promise.all([
    listSiteMemberships(db, userId),
    listAllAreaMemberships(db, userId),
  ]);
  const areasOf = new Map<number, Record<string, Privilege[]>>();
  for (const row of areaRows) {
    const areas = areasOf.get(row.siteId) ?? {};
    areas[String(row.areaId)] = row.privileges;
    areasOf.set(row.siteId, areas);
  }
  return members.map((member) => ({
    siteId: member.siteId,
    privileges: member.privileges,
    areas: areasOf.get(member.siteId) ?? {},
    userPrivileges: member.userPrivileges,
  }));
}

/** The actions the caller may take on an area of the site (site ∪ area ∪ user lists, §6). */
export function areaPrivileges(access: SiteAccess, areaId: number | null): Privilege[] {
  return privilegesForArea(access, areaId, access.userPrivileges);
}

/** Requires membership of the site and, at site level, the action (default view). */
export async function requireSite(
  db: Database,
  request: FastifyRequest,
  siteId: number,
  action: Privilege = 'view',
): Promise<SiteAccess> {
  const access = await loadSiteAccess(db, authOf(request).userId, siteId);
  if (!access) throw forbidden('Not a member of this site');
  if (!hasPrivilege(privilegesForArea(access, null, access.userPrivileges), action)) {
    throw forbidden(`Requires the ${action} privilege on this site`);
  }
  noteTouched(request, { kind: 'site', id: siteId, siteId, areaId: null });
  return access;
}

/**
 * Each kind's label in messages. Its tables and the query that locates it are in
 * access.repository.ts (OBJECT_LOCATIONS), whose keys this record must match.
 */
const OBJECT_LABELS: Record<ObjectKind, string> = {
  area: 'Area',
  section: 'Section',
  radio: 'Radio',
  unit: 'Unit',
  sensor: 'Sensor',
  control: 'Control',
  program: 'Program',
  alarm: 'Alarm',
  contact: 'Contact',
};

/** Access rows kept per database and kind (embedded only; see db/table-versions.ts). */
const ACCESS_ROWS_KEPT = 20_000;

type ObjectAccess = {
  statement: ReturnType<typeof prepareObjectAccess>;
  kept: KeptWhileUnchanged<ObjectAccessRow | null>;
};
type ObjectAccessRow = Awaited<ReturnType<ObjectAccess['statement']['execute']>>[number];

/** requireObject's statement per database and kind, built once: it runs on every call. */
const objectAccessOf = perDatabase((db) => {
  const byKind = new Map<ObjectKind, ObjectAccess>();
  return (kind: ObjectKind): ObjectAccess => {
    let made = byKind.get(kind);
    if (!made) {
      made = {
        statement: prepareObjectAccess(db, kind),
        kept: new KeptWhileUnchanged(
          db,
          [...OBJECT_LOCATIONS[kind].tables, ...MEMBERSHIP_TABLES],
          ACCESS_ROWS_KEPT,
        ),
      };
      byKind.set(kind, made);
    }
    return made;
  };
});

/**
 * Requires the action on the exact object: 404 when it does not exist, 403 when it belongs to a
 * site the caller is not a member of or the caller lacks the action on its area. One statement:
 * the object's site and area with the caller's site, area and user-level lists joined on, since
 * every call on a field object pays for this check. Embedded, its row is kept until one of the
 * tables it was read from is written, and the check then runs no statement. The object is noted
 * on the request for its audit row (http/touched.ts).
 */
export async function requireObject(
  db: Database,
  request: FastifyRequest,
  kind: ObjectKind,
  id: number,
  action: Privilege = 'view',
): Promise<{ siteId: number; areaId: number | null; privileges: Privilege[] }> {
  const userId = authOf(request).userId;
  const { statement, kept } = objectAccessOf(db)(kind);
  const row = await kept.get(
    `${id} ${userId}`,
    async () => (await statement.execute({ id, userId }))[0] ?? null,
  );
  if (!row) throw notFound(OBJECT_LABELS[kind]);
  if (!row.sitePrivileges) throw forbidden('Not a member of this site');
  const access: SitePrivileges = {
    privileges: row.sitePrivileges,
    areas:
      row.areaId !== null && row.areaPrivileges ? { [String(row.areaId)]: row.areaPrivileges } : {},
  };
  const privileges = privilegesForArea(access, row.areaId, row.userPrivileges ?? []);
  if (!hasPrivilege(privileges, action)) throw forbidden(`Requires the ${action} privilege`);
  noteTouched(request, { kind, id, siteId: row.siteId, areaId: row.areaId });
  return { siteId: row.siteId, areaId: row.areaId, privileges };
}

/** Ids of the sites the caller is a member of: a user sees only their own sites (§6). */
export async function memberSiteIds(db: Database, userId: number): Promise<number[]> {
  return listMemberSiteIds(db, userId);
}
