/**
 * Changing the signed-in user's password (§7 POST user/change-password): at least 6 characters
 * (§5); the user's other sessions and open reset or activation links end. Refused while acting
 * as another user through login/as: staff may look, not take the account over.
 */
import { refuse } from '@paddock/domain';
import type { Database } from '../../db/client.ts';
import { hashPassword } from '../../auth/passwords.ts';
import type { RequestAuth } from '../../http/context.ts';
import { storePassword } from './auth.repository.ts';
import { assertChangePasswordLength } from './password-rules.ts';

export async function changePassword(
  db: Database,
  input: { auth: RequestAuth; password: string },
  now: Date,
): Promise<void> {
  const { auth, password } = input;
  if (auth.actorUserId !== null) {
    throw refuse.forbidden('Cannot change the password while logged in as another user');
  }
  assertChangePasswordLength('password', password);
  const passwordHash = await hashPassword(password);
  await db.transaction((tx) =>
    storePassword(tx, { userId: auth.userId, passwordHash, keepSessionId: auth.sessionId, now }),
  );
}
