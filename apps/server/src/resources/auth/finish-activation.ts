/**
 * Activating an account made by someone else (§7 POST login/account-activation/finish): the
 * name and a strong password (§5) are stored, the activation link is spent, and every pending
 * invitation of the user becomes completed. A weak password leaves the link usable; an unknown,
 * used or expired token is 401. The new account may sign in at once.
 */
import { refuse } from '@paddock/domain';
import { consumeAccountToken, peekAccountToken } from '../../auth/account-tokens.ts';
import { hashPassword } from '../../auth/passwords.ts';
import type { Database } from '../../db/client.ts';
import { splitFullName } from './auth.presenter.ts';
import { completeSignup, storePassword } from './auth.repository.ts';
import { clearAccountAttempts } from './login-throttle.ts';
import { assertStrongPassword } from './password-rules.ts';

export const ACTIVATION_INVALID = 'Invalid Activation token';

export async function finishActivation(
  db: Database,
  input: { token: string; password: string; name: string },
  now: Date,
): Promise<void> {
  const { token, password, name } = input;
  if (!(await peekAccountToken(db, token, 'activation', now))) {
    throw refuse.unauthenticated(ACTIVATION_INVALID);
  }
  assertStrongPassword('password', password);
  const passwordHash = await hashPassword(password);
  const userId = await db.transaction(async (tx) => {
    const row = await consumeAccountToken(tx, token, 'activation', now);
    if (!row) throw refuse.unauthenticated(ACTIVATION_INVALID);
    await storePassword(tx, {
      userId: row.userId,
      passwordHash,
      name: splitFullName(name),
      now,
    });
    // Activation is of the account, so every site the user was invited to is accepted.
    await completeSignup(tx, row.userId, null);
    return row.userId;
  });
  await clearAccountAttempts(db, userId);
}
