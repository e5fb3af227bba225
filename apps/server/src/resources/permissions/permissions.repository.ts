/** SQL of PUT permissions: the site-level lists of members, read and written. */
import type { Privilege } from '@paddock/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { areaMembers, areas, siteMembers } from '../../db/schema.ts';
import type { Queryable } from '../../db/client.ts';

export type MemberPrivileges = { userId: number; siteId: number; privileges: Privilege[] };

/** The memberships of these users on these sites (a user may be on some of them only). */
export async function membersOnSites(
  db: Queryable,
  siteIds: number[],
  userIds: number[],
): Promise<MemberPrivileges[]> {
  return db
    .select({
      userId: siteMembers.userId,
      siteId: siteMembers.siteId,
      privileges: siteMembers.privileges,
    })
    .from(siteMembers)
    .where(and(inArray(siteMembers.siteId, siteIds), inArray(siteMembers.userId, userIds)));
}

export async function setMemberPrivileges(
  db: Queryable,
  member: { userId: number; siteId: number; privileges: Privilege[] },
): Promise<void> {
  await db
    .update(siteMembers)
    .set({ privileges: member.privileges })
    .where(and(eq(siteMembers.userId, member.userId), eq(siteMembers.siteId, member.siteId)));
}

/** The site an area belongs to; null for an unknown area. */
export async function areaSite(db: Queryable, areaId: number): Promise<number | null> {
  const [row] = await db.select({ siteId: areas.siteId }).from(areas).where(eq(areas.id, areaId));
  return row?.siteId ?? null;
}

/** The users' per-area lists on one area (a user without one is left out). */
export async function areaLists(
  db: Queryable,
  areaId: number,
  userIds: number[],
): Promise<Map<number, Privilege[]>> {
  const rows = await db
    .select({ userId: areaMembers.userId, privileges: areaMembers.privileges })
    .from(areaMembers)
    .where(and(eq(areaMembers.areaId, areaId), inArray(areaMembers.userId, userIds)));
  return new Map(rows.map((row) => [row.userId, row.privileges]));
}

/** Writes a member's list on an area; an empty list removes the row. */
export async function setAreaList(
  db: Queryable,
  input: { userId: number; areaId: number; privileges: Privilege[] },
): Promise<void> {
  if (input.privileges.length === 0) {
    await db
      .delete(areaMembers)
      .where(and(eq(areaMembers.userId, input.userId), eq(areaMembers.areaId, input.areaId)));
    return;
  }
  await db
    .insert(areaMembers)
    .values(input)
    .onConflictDoUpdate({
      target: [areaMembers.userId, areaMembers.areaId],
      set: { privileges: input.privileges },
    });
}
