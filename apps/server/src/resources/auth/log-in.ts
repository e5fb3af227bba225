/**
 * Signing in with login and password (§7 POST user/login): a new session and its token set.
 * Failures count against the account from this client address, and against the address across
 * accounts; either at its limit refuses (429, `onRetryAfter` told the seconds to wait) before the
 * password is verified. A guesser elsewhere never locks the owner out of their own address.
 * Sign-in tells nobody who has an account: an unknown login, an account not yet activated and a
 * wrong password all answer 401 'Wrong login or password' (§8 Login.Error.PasswordInvalid), after
 * the same hashing work, and count alike. Only the right password learns of a 403 (on no site).
 */
import {
  MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS,
  MAX_FAILURES_PER_ADDRESS,
  type TokenSet,
  refuse,
} from '@paddock/domain';
import { verifyPassword } from '../../auth/passwords.ts';
import type { AppContext } from '../../http/context.ts';
import { activeMemberships, findUserByLogin, recordLastLogin } from './auth.repository.ts';
import { assertNotThrottled, clearAttempts, countAttempt, throttleKey } from './login-throttle.ts';
import { issueTokenSet } from './token-set.ts';

export async function logIn(
  ctx: AppContext,
  input: {
    login: string;
    password: string;
    /** The client's address, throttled across accounts. */
    address: string;
    onRetryAfter: (seconds: number) => void;
    /** Told whom the call signed in, for its audit row. */
    onSignedIn: (userId: number) => void;
  },
): Promise<TokenSet> {
  const { db } = ctx;
  const { login, password } = input;
  const now = ctx.clock.now();
  const accountKey = throttleKey.accountFromAddress(login, input.address);
  const addressKey = throttleKey.address(input.address);
  await assertNotThrottled(
    db,
    [
      { key: accountKey, max: MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS },
      { key: addressKey, max: MAX_FAILURES_PER_ADDRESS },
    ],
    now,
    input.onRetryAfter,
    'Too many failed sign-in attempts. Wait 15 minutes or reset your password.',
  );

  const user = await findUserByLogin(db, login);
  // Without a user or a hash a dummy hash is verified, so the time taken does not tell either.
  const passwordOk = await verifyPassword(user?.passwordHash ?? null, password);
  if (!user || !passwordOk) {
    // Keyed by the login as typed, known or not: the record and the 429 it leads to are the same
    // for an account that does not exist, and the address is counted either way.
    await countAttempt(db, [accountKey, addressKey], now);
    throw refuse.unauthenticated('Wrong login or password');
  }
  if ((await activeMemberships(db, user.id)).length === 0) {
    throw refuse.forbidden('This account has no access to any site');
  }

  await clearAttempts(db, accountKey);
  await recordLastLogin(db, user.id, now);
  const { tokenSet } = await issueTokenSet(ctx, user, null);
  input.onSignedIn(user.id);
  return tokenSet;
}
