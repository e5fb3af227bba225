/**
 * Accepting an invitation (§7 POST users/sign-up/complete): the full name and a strong password
 * (§5) are stored, the invitation link is spent and the membership of its site becomes
 * completed. A weak password leaves the link usable; an invitation that is unknown, revoked,
 * used or expired is 404 (Signup.Error.NotFound; 401 would read as a wrong password to the
 * console, §8). The new account may sign in at once.
 */
import { Refusal, type SignupStatus } from '@paddock/domain';
import { consumeAccountToken } from '../../auth/account-tokens.ts';
import { hashPassword } from '../../auth/passwords.ts';
import type { Database } from '../../db/client.ts';
import { splitFullName } from './auth.presenter.ts';
import {
  completeSignup,
  findInvitation,
  storePassword,
  type Invitation,
} from './auth.repository.ts';
import { clearAccountAttempts } from './login-throttle.ts';
import { assertStrongPassword } from './password-rules.ts';

const INVITATION_UNUSABLE = 'This invitation is unknown, revoked, already used or expired';

/**
 * Where an invitation stands: its membership's signup status (a removed membership reads as
 * revoked), or expired while still open and its link spent or past its time.
 */
export function invitationState(invitation: Invitation, now: Date): SignupStatus | 'expired' {
  const { usedAt, expiresAt } = invitation.token;
  const membershipStatus = invitation.memberExists ? invitation.signupStatus : 'revoked';
  const status = membershipStatus ?? (usedAt ? 'completed' : 'sent');
  const open = status === 'sent' || status === 'resent';
  return open && (usedAt !== null || expiresAt <= now) ? 'expired' : status;
}

export async function acceptInvitation(
  db: Database,
  input: { token: string; fullName: string; newPassword: string },
  now: Date,
): Promise<void> {
  const { token, fullName, newPassword } = input;
  const invitation = await findInvitation(db, token);
  const open =
    invitation !== null &&
    invitation.token.siteId !== null &&
    ['sent', 'resent'].includes(invitationState(invitation, now));
  if (!open) throw new Refusal('notFound', INVITATION_UNUSABLE);
  assertStrongPassword('newPassword', newPassword);
  const passwordHash = await hashPassword(newPassword);
  const userId = await db.transaction(async (tx) => {
    const row = await consumeAccountToken(tx, token, 'invitation', now);
    if (!row) throw new Refusal('notFound', INVITATION_UNUSABLE);
    await storePassword(tx, {
      userId: row.userId,
      passwordHash,
      name: splitFullName(fullName),
      now,
    });
    await completeSignup(tx, row.userId, row.siteId);
    return row.userId;
  });
  await clearAccountAttempts(db, userId);
}
