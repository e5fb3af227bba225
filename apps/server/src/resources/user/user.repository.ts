/** SQL of the signed-in user's own records. */
import type { Privilege } from '@paddock/domain';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema.ts';

/** The user's user-level privileges (§6); null when the user does not exist. */
export async function userPrivileges(db: Database, userId: number): Promise<Privilege[] | null> {
  const [user] = await db
    .select({ privileges: users.privileges })
    .from(users)
    .where(eq(users.id, userId));
  return user?.privileges ?? null;
}
