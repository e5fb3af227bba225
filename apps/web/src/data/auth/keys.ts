/**
 * Query keys of the links a person opens before signing in: an activation link and an invitation
 * (sign-up) link, each looked up by its token.
 */
export const authKeys = {
  /** POST login/account-activation/validate for the link's token. */
  activation: (token: string) => ['account-activation', token] as const,
  /** GET users/sign-up/status?token=. */
  signupStatus: (token: string) => ['sign-up-status', token] as const,
};
