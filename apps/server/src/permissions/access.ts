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
import { and, eq, isNull, ne, or, sql, type Placeholder } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/client.ts';
import { perDatabase } from '../db/per-database.ts';
import { KeptWhileUnchanged, type WatchedTable } from '../db/table-versions.ts';
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

/** A revoked invitation is no membership, as at sign-in. */
const isMember = or(isNull(siteMembers.signupStatus), ne(siteMembers.signupStatus, 'revoked'));

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
    .where(and(eq(siteMembers.userId, userId), eq(siteMembers.siteId, siteId), isMember));
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

// A name no joined table has: drizzle leaves aliased expressions of a subquery unqualified.
const noArea = () => sql<number | null>`null::int`.as('located_area_id');

/** An object with its site and area on its own row (radios, sensors, alarms). */
const withOwnArea =
  (table: typeof radios | typeof sensors | typeof alarms) => (db: Database, id: Placeholder) =>
    db.select({ siteId: table.siteId, areaId: table.areaId }).from(table).where(eq(table.id, id));

/** An object of an area, whose site is the area's (sections, controls, programs). */
const inArea =
  (table: typeof sections | typeof controls | typeof programs) => (db: Database, id: Placeholder) =>
    db
      .select({ siteId: areas.siteId, areaId: areas.id })
      .from(table)
      .innerJoin(areas, eq(areas.id, table.areaId))
      .where(eq(table.id, id));

/** A site-level object, in no area (units, contacts). */
const ofSite = (table: typeof units | typeof contacts) => (db: Database, id: Placeholder) =>
  db.select({ siteId: table.siteId, areaId: noArea() }).from(table).where(eq(table.id, id));

/**
 * One entry per kind of object an endpoint can name by id: its label in messages, the tables
 * its access row is read from (its own and its area's; memberships are added for every kind),
 * and a one-row query naming its site and area (null for site-level objects). A new kind of
 * object (a tank, a meter, a fan, a report) is one entry here.
 */
const OBJECT_KINDS = {
  area: {
    label: 'Area',
    tables: ['areas'],
    locate: (db: Database, id: Placeholder) =>
      db.select({ siteId: areas.siteId, areaId: areas.id }).from(areas).where(eq(areas.id, id)),
  },
  section: { label: 'Section', tables: ['sections', 'areas'], locate: inArea(sections) },
  radio: { label: 'Radio', tables: ['radios'], locate: withOwnArea(radios) },
  unit: { label: 'Unit', tables: ['units'], locate: ofSite(units) },
  sensor: { label: 'Sensor', tables: ['sensors'], locate: withOwnArea(sensors) },
  control: { label: 'Control', tables: ['controls', 'areas'], locate: inArea(controls) },
  program: { label: 'Program', tables: ['programs', 'areas'], locate: inArea(programs) },
  alarm: { label: 'Alarm', tables: ['alarms'], locate: withOwnArea(alarms) },
  contact: { label: 'Contact', tables: ['contacts'], locate: ofSite(contacts) },
} satisfies Record<string, ObjectKindEntry>;

type ObjectKindEntry = {
  label: string;
  tables: readonly WatchedTable[];
  locate: (
    db: Database,
    id: Placeholder,
  ) => {
    as: (alias: 'located') => unknown;
  };
};

/** The kinds of object an endpoint can name by id. */
export type ObjectKind = keyof typeof OBJECT_KINDS;

const MEMBERSHIP_TABLES: readonly WatchedTable[] = ['site_members', 'area_members', 'users'];

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
          [...OBJECT_KINDS[kind].tables, ...MEMBERSHIP_TABLES],
          ACCESS_ROWS_KEPT,
        ),
      };
      byKind.set(kind, made);
    }
    return made;
  };
});

function prepareObjectAccess(db: Database, kind: ObjectKind) {
  const userId = sql.placeholder('userId');
  const located = OBJECT_KINDS[kind].locate(db, sql.placeholder('id')).as('located');
  return db
    .select({
      siteId: located.siteId,
      areaId: located.areaId,
      sitePrivileges: siteMembers.privileges,
      areaPrivileges: areaMembers.privileges,
      userPrivileges: users.privileges,
    })
    .from(located)
    .leftJoin(
      siteMembers,
      and(eq(siteMembers.siteId, located.siteId), eq(siteMembers.userId, userId), isMember),
    )
    .leftJoin(
      areaMembers,
      and(eq(areaMembers.areaId, located.areaId), eq(areaMembers.userId, userId)),
    )
    .leftJoin(users, eq(users.id, userId))
    .prepare(`object_access_${kind}`);
}

/**
 * Requires the action on the exact object: 404 when it does not exist, 403 when it belongs to a
 * site the caller is not a member of or the caller lacks the action on its area. One statement:
 * the object's site and area with the caller's site, area and user-level lists joined on, since
 * every call on a field object pays for this check. Embedded, its row is kept until one of the
 * tables it was read from is written, and the check then runs no statement.
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
  if (!row) throw notFound(OBJECT_KINDS[kind].label);
  if (!row.sitePrivileges) throw forbidden('Not a member of this site');
  const access: SitePrivileges = {
    privileges: row.sitePrivileges,
    areas:
      row.areaId !== null && row.areaPrivileges ? { [String(row.areaId)]: row.areaPrivileges } : {},
  };
  const privileges = privilegesForArea(access, row.areaId, row.userPrivileges ?? []);
  if (!hasPrivilege(privileges, action)) throw forbidden(`Requires the ${action} privilege`);
  return { siteId: row.siteId, areaId: row.areaId, privileges };
}

/** Ids of the sites the caller is a member of: a user sees only their own sites (§6). */
export async function memberSiteIds(db: Database, userId: number): Promise<number[]> {
  const rows = await db
    .select({ siteId: siteMembers.siteId })
    .from(siteMembers)
    .where(eq(siteMembers.userId, userId));
  return rows.map((row) => row.siteId);
}
