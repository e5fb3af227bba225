/**
 * Where account activation and password reset go once done (§2): the legacy login page when the
 * link says legacy=true, else the link's site when siteId is a positive integer, else /login.
 * The site page needs a session, so a signed-out user passes through /login and comes back to it.
 */
import { parseId, PATHS, sitePath } from '@paddock/domain';

export type AccountRedirect =
  | { readonly kind: 'external'; readonly url: string }
  | { readonly kind: 'route'; readonly to: string };

/** The query of an activation or reset link (`?token&siteId&legacy`). */
export interface AccountLinkQuery {
  readonly siteId: string | null;
  readonly legacy: string | null;
}

export function isLegacyLink(legacy: string | null): boolean {
  return legacy === 'true';
}

/** The legacy login page, or our /login when no legacy address is configured. */
export function legacyLoginRedirect(legacyLoginUrl: string | null): AccountRedirect {
  return legacyLoginUrl
    ? { kind: 'external', url: legacyLoginUrl }
    : { kind: 'route', to: PATHS.login };
}

export function accountSetupRedirect(
  query: AccountLinkQuery,
  legacyLoginUrl: string | null,
): AccountRedirect {
  if (isLegacyLink(query.legacy)) return legacyLoginRedirect(legacyLoginUrl);
  const siteId = parseId(query.siteId ?? undefined);
  return { kind: 'route', to: siteId === undefined ? PATHS.login : sitePath(siteId) };
}
