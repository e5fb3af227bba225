/**
 * Setting a new password with an emailed reset token (§7 POST login/reset-password/finish):
 * strong (§5), and every session ends. A weak password leaves the link usable; an unknown, used
 * or expired token is 401. Whoever reset the password may sign in at once.
 */
import { refuse } from '@paddock/domain';
import { consumeAccountToken, peekAccountToken } from '../../auth/account-tokens.ts';
import { hashPassword } from '../../auth/passwords.ts';
import type { Database } from '../../db/client.ts';
import { storePassword } from './auth.repository.ts';
import { clearAccountAttempts } from './login-throttle.ts';
import { assertStrongPassword } from './password-rules.ts';

const RESET_LINK_INVALID = 'This password reset link is invalid, has been used or has expired.';

export async function finishPasswordReset(
  db: Database,
  input: { token: string; newPassword: string },
  now: Date,
): Promise<void> {
  const { token, newPassword } = input;
  // A weak password must not use the link up, so the token is only looked at first.
  if (!(await peekAccountToken(db, token, 'reset', now)))
    throw refuse.unauthenticated(RESET_LINK_INVALID);
  assertStrongPassword('newPassword', newPassword);
  const passwordHash = await hashPassword(newPassword);
  const userId = await db.transaction(async (tx) => {
    const row = await consumeAccountToken(tx, token, 'reset', now);
    if (!row) throw refuse.unauthenticated(RESET_LINK_INVALID);
    await storePassword(tx, { userId: row.userId, passwordHash, now });
    return row.userId;
  });
  await clearAccountAttempts(db, userId);
}
