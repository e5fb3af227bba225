/**
 * The recovery-link landing page (/recover, §2) mapped onto our API.
 *
 * The spec's recovery link carries a token and an identity (token, identityId, loginId,
 * identityPoolId: §7 "Recovery authentication"), with which the old system signed the user in
 * and sent them to /changepassword. Our server has no such call: its password recovery is
 * token-based, and the email of POST login/reset-password/begin links to
 * /resetPassword?token&siteId&legacy, where the token is spent with the new password
 * (docs/api.md). So /recover decides without asking the server:
 *
 * - no token: the link is broken — the expired message, with Try Again (/recoverpassword);
 * - a token alone: one of our reset tokens — handed on to /resetPassword with the link's query;
 * - a token with an identity: an old-style recovery link. It succeeds only when this browser
 *   already holds a valid session of that same identity: /changepassword, marked external.
 *   Otherwise it cannot be authenticated here, and shows the expired message.
 */
import { PATHS, recoveryTokenSchema } from '@paddock/domain';

export type RecoveryLinkDecision =
  | { readonly kind: 'changePassword' }
  | { readonly kind: 'resetPassword'; readonly to: string }
  | { readonly kind: 'expired' };

/** Who is signed in, if anyone (the stored session, already checked as valid). */
export interface RecoverySession {
  readonly loginId: string;
  readonly identityId: string;
  readonly identityPoolId: string;
}

const IDENTITY_KEYS = ['identityId', 'loginId', 'identityPoolId'] as const;
/** The reset link's own query, kept when a token is handed on. */
const RESET_KEYS = ['token', 'siteId', 'legacy'] as const;

export function recoveryLinkDecision(
  query: URLSearchParams,
  session: RecoverySession | null,
): RecoveryLinkDecision {
  const token = query.get('token')?.trim();
  if (!token) return { kind: 'expired' };

  if (IDENTITY_KEYS.every((key) => !query.get(key))) {
    const forwarded = new URLSearchParams();
    for (const key of RESET_KEYS) {
      const value = key === 'token' ? token : query.get(key);
      if (value) forwarded.set(key, value);
    }
    return { kind: 'resetPassword', to: `${PATHS.resetPassword}?${forwarded.toString()}` };
  }

  const link = recoveryTokenSchema.safeParse(Object.fromEntries(query));
  const sameIdentity =
    link.success &&
    session !== null &&
    link.data.identityId === session.identityId &&
    link.data.loginId.toLowerCase() === session.loginId.toLowerCase() &&
    link.data.identityPoolId === session.identityPoolId;
  return sameIdentity ? { kind: 'changePassword' } : { kind: 'expired' };
}
