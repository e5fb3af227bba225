/**
 * Emailing a single-use password reset link (§7 POST login/reset-password/begin). The answer
 * tells nobody who has an account: a known and an unknown email both answer 204 and count alike,
 * against the client address and against the email typed, and the link is issued and sent only
 * after the answer, so neither does its time. Each email address is sent a limited number of
 * reset emails per window; either limit refuses (429, `onRetryAfter` told the seconds to wait).
 */
import {
  MAX_FAILURES_PER_ADDRESS,
  MAX_RESET_EMAILS_PER_ACCOUNT,
  personName,
} from '@paddock/domain';
import { issueAccountToken } from '../../auth/account-tokens.ts';
import type { AppContext } from '../../http/context.ts';
import { resetPasswordEmail, resetPasswordLink } from '../../mail/templates.ts';
import { findUserByLogin, type UserRow } from './auth.repository.ts';
import { assertNotThrottled, countAttempt, throttleKey } from './login-throttle.ts';

export async function beginPasswordReset(
  ctx: AppContext,
  input: {
    email: string;
    legacy: boolean;
    /** The client's address, throttled across accounts. */
    address: string;
    onRetryAfter: (seconds: number) => void;
    /** Told when the link could not be issued or handed to the mailer, after the answer. */
    onSendFailed: (error: unknown) => void;
  },
): Promise<void> {
  const { db } = ctx;
  const now = ctx.clock.now();
  // Both limits refuse alike: 429, with the seconds to wait told through onRetryAfter.
  const refuseOverLimit = (key: string, max: number, message: string) =>
    assertNotThrottled(db, [{ key, max }], now, input.onRetryAfter, message);
  const addressKey = throttleKey.address(input.address);
  const resetKey = throttleKey.resetEmail(input.email);
  // Every request counts against the address like a failed sign-in, so probing emails costs alike.
  await refuseOverLimit(
    addressKey,
    MAX_FAILURES_PER_ADDRESS,
    'Too many attempts from this address. Try again in 15 minutes.',
  );
  await refuseOverLimit(
    resetKey,
    MAX_RESET_EMAILS_PER_ACCOUNT,
    'Too many reset emails for this email address. Check your inbox, or try again in 15 minutes.',
  );
  await countAttempt(db, [addressKey, resetKey], now);

  const user = await findUserByLogin(db, input.email);
  if (user) {
    ctx.afterAnswer.run(() => emailResetLink(ctx, user, input.legacy, now), input.onSendFailed);
  }
}

async function emailResetLink(ctx: AppContext, user: UserRow, legacy: boolean, now: Date) {
  const token = await issueAccountToken(ctx.db, { userId: user.id, purpose: 'reset', now });
  const link = resetPasswordLink(ctx.config.publicUrl, { token, legacy });
  await ctx.mailer.send(resetPasswordEmail({ to: user.login, name: personName(user), link }));
}
