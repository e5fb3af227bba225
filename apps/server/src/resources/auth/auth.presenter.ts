/** Response shapes of the authentication calls: the token set (§7) and a found user. */
import { personName, type AuditPerson, type TokenSet } from '@paddock/domain';
import type { UserRow } from './auth.repository.ts';

/**
 * The identity pool the console stores with its credentials (§3 stored auth identityPoolId).
 * There is no cloud identity pool here; the value names the region and this service so the
 * console's "non-empty" check holds and a token from another region reads as foreign.
 */
export function identityPoolIdFor(region: string): string {
  return `${region}:paddock`;
}

/** A full name typed on a form, stored as first name and the rest as last name. */
export function splitFullName(fullName: string): { firstName: string; lastName: string } {
  const [firstName = '', ...rest] = fullName.trim().split(/\s+/);
  return { firstName, lastName: rest.join(' ') };
}

export function presentTokenSet(
  user: Pick<UserRow, 'login' | 'uid'>,
  region: string,
  access: { token: string; expiresAt: number },
  refreshToken: string,
): TokenSet {
  return {
    loginId: user.login,
    identityId: user.uid,
    identityPoolId: identityPoolIdFor(region),
    token: access.token,
    refreshToken,
    expiresAt: access.expiresAt,
  };
}

/** A user as the audit trail names a person (and find-by-email answers): id, login and name. */
export function presentAuditPerson(
  user: Pick<UserRow, 'id' | 'login' | 'firstName' | 'lastName'>,
): AuditPerson {
  return { id: user.id, login: user.login, name: personName(user) };
}
