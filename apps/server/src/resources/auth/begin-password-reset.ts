/**
 * Emailing a single-use password reset link (§7 POST login/reset-password/begin). An unknown
 * email is 404 (§8) and counts against the client address like a failed sign-in; each account
 * is sent a limited number of reset emails per window. Either limit refuses (429, `onRetryAfter`
 * told the seconds to wait).
 */
import {
  FORGOT_PASSWORD_USER_NOT_FOUND,
  MAX_FAILURES_PER_ADDRESS,
  MAX_RESET_EMAILS_PER_ACCOUNT,
  personName,
  Refusal,
} from '@paddock/domain';
import { issueAccountToken } from '../../auth/account-tokens.ts';
import type { AppContext } from '../../http/context.ts';
import { resetPasswordEmail, resetPasswordLink } from '../../mail/templates.ts';
import { findUserByLogin } from './auth.repository.ts';
import { assertNotThrottled, countAttempt, throttleKey } from './login-throttle.ts';

export async function beginPasswordReset(
  ctx: AppContext,
  input: {
    email: string;
    legacy: boolean;
    /** The client's address, throttled across accounts. */
    address: string;
    onRetryAfter: (seconds: number) => void;
  },
): Promise<void> {
  const { db } = ctx;
  const now = ctx.clock.now();
  // Both limits refuse alike: 429, with the seconds to wait told through onRetryAfter.
  const refuseOverLimit = (key: string, max: number, message: string) =>
    assertNotThrottled(db, [{ key, max }], now, input.onRetryAfter, message);
  const addressKey = throttleKey.address(input.address);
  // Probing emails here counts against the address like failed sign-ins do.
  await refuseOverLimit(
    addressKey,
    MAX_FAILURES_PER_ADDRESS,
    'Too many attempts from this address. Try again in 15 minutes.',
  );
  const user = await findUserByLogin(db, input.email);
  if (!user) {
    await countAttempt(db, [addressKey], now);
    throw new Refusal('notFound', FORGOT_PASSWORD_USER_NOT_FOUND);
  }
  const resetKey = throttleKey.resetEmail(user.id);
  await refuseOverLimit(
    resetKey,
    MAX_RESET_EMAILS_PER_ACCOUNT,
    'Too many reset emails for this account. Check your inbox, or try again in 15 minutes.',
  );
  await countAttempt(db, [resetKey], now);

  const token = await issueAccountToken(db, { userId: user.id, purpose: 'reset', now });
  const link = resetPasswordLink(ctx.config.publicUrl, { token, legacy: input.legacy });
  await ctx.mailer.send(resetPasswordEmail({ to: user.login, name: personName(user), link }));
}
