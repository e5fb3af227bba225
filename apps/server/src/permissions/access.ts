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
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/client.ts';
import {
  alarms,
  areaMembers,
  areas,
  contacts,
  controls,
  programs,
  radios,
  sections,
  sensors,
  siteMembers,
  units,
  users,
} from '../db/schema.ts';
import { authOf } from '../http/context.ts';
import { forbidden, notFound } from '../http/errors.ts';

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
  const [member] = await db
    .select({ privileges: siteMembers.privileges, userPrivileges: users.privileges })
    .from(siteMembers)
    .innerJoin(users, eq(users.id, siteMembers.userId))
    .where(and(eq(siteMembers.userId, userId), eq(siteMembers.siteId, siteId)));
  if (!member) return null;
  const areaRows = await db
    .select({ areaId: areaMembers.areaId, privileges: areaMembers.privileges })
    .from(areaMembers)
    .innerJoin(areas, eq(areas.id, areaMembers.areaId))
    .where(and(eq(areaMembers.userId, userId), eq(areas.siteId, siteId)));
  return {
    siteId,
    privileges: member.privileges,
    areas: Object.fromEntries(areaRows.map((row) => [String(row.areaId), row.privileges])),
    userPrivileges: member.userPrivileges,
  };
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
  return access;
}

/** The kinds of object an endpoint can name by id, and how each finds its site and area. */
export type ObjectKind =
  'area' | 'section' | 'radio' | 'unit' | 'sensor' | 'control' | 'program' | 'alarm' | 'contact';

type Location = { siteId: number; areaId: number | null };

async function locate(db: Database, kind: ObjectKind, id: number): Promise<Location | null> {
  const one = async (query: Promise<Location[]>) => (await query)[0] ?? null;
  switch (kind) {
    case 'area':
      return one(
        db.select({ siteId: areas.siteId, areaId: areas.id }).from(areas).where(eq(areas.id, id)),
      );
    case 'section':
      return one(
        db
          .select({ siteId: areas.siteId, areaId: areas.id })
          .from(sections)
          .innerJoin(areas, eq(areas.id, sections.areaId))
          .where(eq(sections.id, id)),
      );
    case 'radio':
      return one(
        db
          .select({ siteId: radios.siteId, areaId: radios.areaId })
          .from(radios)
          .where(eq(radios.id, id)),
      );
    case 'unit': {
      const [row] = await db.select({ siteId: units.siteId }).from(units).where(eq(units.id, id));
      return row ? { siteId: row.siteId, areaId: null } : null;
    }
    case 'sensor':
      return one(
        db
          .select({ siteId: sensors.siteId, areaId: sensors.areaId })
          .from(sensors)
          .where(eq(sensors.id, id)),
      );
    case 'control':
      return one(
        db
          .select({ siteId: areas.siteId, areaId: areas.id })
          .from(controls)
          .innerJoin(areas, eq(areas.id, controls.areaId))
          .where(eq(controls.id, id)),
      );
    case 'program':
      return one(
        db
          .select({ siteId: areas.siteId, areaId: areas.id })
          .from(programs)
          .innerJoin(areas, eq(areas.id, programs.areaId))
          .where(eq(programs.id, id)),
      );
    case 'alarm':
      return one(
        db
          .select({ siteId: alarms.siteId, areaId: alarms.areaId })
          .from(alarms)
          .where(eq(alarms.id, id)),
      );
    case 'contact': {
      const [row] = await db
        .select({ siteId: contacts.siteId })
        .from(contacts)
        .where(eq(contacts.id, id));
      return row ? { siteId: row.siteId, areaId: null } : null;
    }
  }
}

const KIND_LABEL: Record<ObjectKind, string> = {
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

/**
 * Requires the action on the exact object: 404 when it does not exist, 403 when it belongs to a
 * site the caller is not a member of or the caller lacks the action on its area.
 */
export async function requireObject(
  db: Database,
  request: FastifyRequest,
  kind: ObjectKind,
  id: number,
  action: Privilege = 'view',
): Promise<Location & { access: SiteAccess }> {
  const location = await locate(db, kind, id);
  if (!location) throw notFound(KIND_LABEL[kind]);
  const access = await loadSiteAccess(db, authOf(request).userId, location.siteId);
  if (!access) throw forbidden('Not a member of this site');
  if (!hasPrivilege(areaPrivileges(access, location.areaId), action)) {
    throw forbidden(`Requires the ${action} privilege`);
  }
  return { ...location, access };
}

/** Ids of the sites the caller is a member of: a user sees only their own sites (§6). */
export async function memberSiteIds(db: Database, userId: number): Promise<number[]> {
  const rows = await db
    .select({ siteId: siteMembers.siteId })
    .from(siteMembers)
    .where(eq(siteMembers.userId, userId));
  return rows.map((row) => row.siteId);
}

/** Keeps only the ids among `siteIds` the caller belongs to. */
export async function filterMemberSites(
  db: Database,
  userId: number,
  siteIds: number[],
): Promise<number[]> {
  if (siteIds.length === 0) return [];
  const rows = await db
    .select({ siteId: siteMembers.siteId })
    .from(siteMembers)
    .where(and(eq(siteMembers.userId, userId), inArray(siteMembers.siteId, siteIds)));
  return rows.map((row) => row.siteId);
}
