/**
 * SQL of access checks (access.ts): the caller's site and area memberships, and for each kind of
 * object an endpoint names by id, the one statement that locates it and joins the caller's lists
 * on. access.ts prepares that statement once per database and kind (building drizzle SQL costs as
 * much as running it) and keeps the rows it reads, so its text and name stay fixed.
 */
import { and, eq, isNull, ne, or, sql, type Placeholder } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import type { WatchedTable } from '../db/table-versions.ts';
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

/**
 * A site_members row that is a membership: a revoked invitation is none, at sign-in, in the
 * user's site list and for every check of what the user may do.
 */
export const isMember = or(
  isNull(siteMembers.signupStatus),
  ne(siteMembers.signupStatus, 'revoked'),
);

/** The caller's site-level and user-level lists, when they are a member of the site. */
export async function findSiteMember(
  db: Database,
  userId: number,
  siteId: number,
): Promise<{
  privileges: (typeof siteMembers.$inferSelect)['privileges'];
  userPrivileges: (typeof users.$inferSelect)['privileges'];
} | null> {
  const [member] = await db
    .select({ privileges: siteMembers.privileges, userPrivileges: users.privileges })
    .from(siteMembers)
    .innerJoin(users, eq(users.id, siteMembers.userId))
    .where(and(eq(siteMembers.userId, userId), eq(siteMembers.siteId, siteId), isMember));
  return member ?? null;
}

/** The caller's lists on areas of the site. */
export function listAreaMemberships(db: Database, userId: number, siteId: number) {
  return db
    .select({ areaId: areaMembers.areaId, privileges: areaMembers.privileges })
    .from(areaMembers)
    .innerJoin(areas, eq(areas.id, areaMembers.areaId))
    .where(and(eq(areaMembers.userId, userId), eq(areas.siteId, siteId)));
}

/** Ids of the sites the user is a member of. */
export async function listMemberSiteIds(db: Database, userId: number): Promise<number[]> {
  const rows = await db
    .select({ siteId: siteMembers.siteId })
    .from(siteMembers)
    .where(eq(siteMembers.userId, userId));
  return rows.map((row) => row.siteId);
}

/** The user's memberships of every site, with their site-level and user-level lists. */
export function listSiteMemberships(db: Database, userId: number) {
  return db
    .select({
      siteId: siteMembers.siteId,
      privileges: siteMembers.privileges,
      userPrivileges: users.privileges,
    })
    .from(siteMembers)
    .innerJoin(users, eq(users.id, siteMembers.userId))
    .where(and(eq(siteMembers.userId, userId), isMember));
}

/** The user's lists on areas of any site. */
export function listAllAreaMemberships(db: Database, userId: number) {
  return db
    .select({
      siteId: areas.siteId,
      areaId: areaMembers.areaId,
      privileges: areaMembers.privileges,
    })
    .from(areaMembers)
    .innerJoin(areas, eq(areas.id, areaMembers.areaId))
    .where(eq(areaMembers.userId, userId));
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
 * One entry per kind of object an endpoint can name by id: the tables its access row is read
 * from (its own and its area's; memberships are added for every kind, MEMBERSHIP_TABLES), and a
 * one-row query naming its site and area (null for site-level objects). A new kind of object (a
 * tank, a meter, a fan, a report) is one entry here and its label in access.ts.
 */
export const OBJECT_LOCATIONS = {
  area: {
    tables: ['areas'],
    locate: (db: Database, id: Placeholder) =>
      db.select({ siteId: areas.siteId, areaId: areas.id }).from(areas).where(eq(areas.id, id)),
  },
  section: { tables: ['sections', 'areas'], locate: inArea(sections) },
  radio: { tables: ['radios'], locate: withOwnArea(radios) },
  unit: { tables: ['units'], locate: ofSite(units) },
  sensor: { tables: ['sensors'], locate: withOwnArea(sensors) },
  control: { tables: ['controls', 'areas'], locate: inArea(controls) },
  program: { tables: ['programs', 'areas'], locate: inArea(programs) },
  alarm: { tables: ['alarms'], locate: withOwnArea(alarms) },
  contact: { tables: ['contacts'], locate: ofSite(contacts) },
} satisfies Record<string, ObjectLocation>;

type ObjectLocation = {
  tables: readonly WatchedTable[];
  locate: (
    db: Database,
    id: Placeholder,
  ) => {
    as: (alias: 'located') => unknown;
  };
};

/** The kinds of object an endpoint can name by id. */
export type ObjectKind = keyof typeof OBJECT_LOCATIONS;

/** The tables every object access row also reads: the caller's memberships and user row. */
export const MEMBERSHIP_TABLES: readonly WatchedTable[] = ['site_members', 'area_members', 'users'];

/**
 * The object's site and area with the caller's site, area and user-level lists joined on, as a
 * statement prepared under `object_access_<kind>` with the placeholders `id` and `userId`.
 */
export function prepareObjectAccess(db: Database, kind: ObjectKind) {
  const userId = sql.placeholder('userId');
  const located = OBJECT_LOCATIONS[kind].locate(db, sql.placeholder('id')).as('located');
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
