/** §5 remember-me: the login id of the last user, kept in local storage ('last_user'). */
import { browserStorageKeys } from '@paddock/domain';

export function readLastUser(): string | null {
  try {
    return localStorage.getItem(browserStorageKeys.lastUser);
  } catch {
    return null;
  }
}

/** Stores the login id, or forgets it with null. */
export function rememberLastUser(loginId: string | null): void {
  try {
    if (loginId) localStorage.setItem(browserStorageKeys.lastUser, loginId);
    else localStorage.removeItem(browserStorageKeys.lastUser);
  } catch {
    // Storage refused: nothing is remembered.
  }
}
