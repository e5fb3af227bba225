/** SQL of PUT permissions: the site-level lists of members, read and written. */
import type { Privilege } from '@paddock/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { siteMembers } from '../../db/schema.ts';
import type { Queryable } from '../users/users.repository.ts';

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
