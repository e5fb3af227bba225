/** How an acknowledgement names the signed-in user who made it: first and last name. */
import { personName } from '@paddock/domain';
import type { Database } from '../../db/client.ts';
import { findCallerNameParts } from './notifications.repository.ts';

export async function callerName(db: Database, userId: number): Promise<string> {
  const user = await findCallerNameParts(db, userId);
  if (!user) return 'a user';
  return personName(user) || user.login;
}
