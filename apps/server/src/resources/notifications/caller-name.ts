/** How an acknowledgement names the signed-in user who made it: first and last name. */
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema.ts';

export async function callerName(db: Database, userId: number): Promise<string> {
  const [user] = await db
    .select({ first: users.firstName, last: users.lastName, login: users.login })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) return 'a user';
  return `${user.first} ${user.last}`.trim() || user.login;
}
