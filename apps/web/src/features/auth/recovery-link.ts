/**
 * The recovery-link landing page (/recover, §2) mapped onto our API.
 *
 * The spec's recovery link carries a token and an identity (token, identityId, loginId,
 * identityPoolId: §7 "Recovery authentication"), with which the user is signed in and sent to
 * /changepassword. Our password recovery is token-based: the email of POST
 * login/reset-password/begin links to /resetPassword?token&siteId&legacy, where the token is
 * spent with the new password (docs/api.md). So /recover decides:
 *
 * - no token: the link is broken — the expired message, with Try Again (/recoverpassword);
 * - a token alone: one of our reset tokens — handed on to /resetPassword with the link's query;
 * - a token with the identity of the valid session this browser holds: /changepassword, marked
 *   external, at once;
 * - a token with a whole identity otherwise (a browser with no session, or another user's):
 *   recovery authentication, POST login/recovery, which signs the link's user in (then
 *   /changepassword) or refuses (the expired message);
 * - a token with part of an identity: the expired message.
 */
import { PATHS, recoveryTokenSchema, type RecoveryToken } from '@paddock/domain';

export type RecoveryLinkDecision =
  | { readonly kind: 'changePassword' }
  | { readonly kind: 'resetPassword'; readonly to: string }
  /** Sign in with the link (recovery authentication), then change the password. */
  | { readonly kind: 'authenticate'; readonly link: RecoveryToken }
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

  const parsed = recoveryTokenSchema.safeParse({
    token,
    ...Object.fromEntries(IDENTITY_KEYS.map((key) => [key, query.get(key) ?? undefined])),
  });
  if (!parsed.success) return { kind: 'expired' };
  const link = parsed.data;
  const sameIdentity =
    session !== null &&
    link.identityId === session.identityId &&
    link.loginId.toLowerCase() === session.loginId.toLowerCase() &&
    link.identityPoolId === session.identityPoolId;
  return sameIdentity ? { kind: 'changePassword' } : { kind: 'authenticate', link };
}
