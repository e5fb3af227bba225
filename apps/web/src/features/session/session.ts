/**
 * Session rules (§4, §5): is there a usable session, refresh it once when expired, end it with
 * 'Invalid Credentials' when it cannot be used, and reset it when the login page opens.
 */
import { credentialsValidity, INVALID_CREDENTIALS, nextCredentialsStep } from '@paddock/domain';
import { api, endSession, refreshSession } from '../../lib/api-client.ts';
import { clearAuth, readAuth } from '../../lib/auth-storage.ts';

export type SessionCheck = 'valid' | 'none' | 'ended';

/**
 * §5: valid credentials proceed; expired ones are refreshed once; invalid ones, or a failed
 * refresh, log out with 'Invalid Credentials' (a logged-out event). 'none' means there was no
 * session at all: the caller just goes to /login.
 */
export async function ensureValidSession(now: Date = new Date()): Promise<SessionCheck> {
  const auth = readAuth();
  if (auth === null) return 'none';
  let step = nextCredentialsStep(credentialsValidity(auth, now), false);
  if (step === 'refresh') {
    let refreshed: boolean;
    try {
      refreshed = await refreshSession();
    } catch {
      // Offline: keep the session; calls fail with 'offline' until the network is back.
      return 'valid';
    }
    step = refreshed
      ? nextCredentialsStep(credentialsValidity(readAuth(), new Date()), true)
      : 'logout';
  }
  if (step === 'proceed') return 'valid';
  endSession(INVALID_CREDENTIALS);
  return 'ended';
}

/**
 * §2 "Session is reset on entry" to the login page: the server forgets the old session and this
 * browser drops it. The other tabs see the stored session disappear.
 */
export function resetSession(): void {
  if (!readAuth()) return;
  // authEndpoints.logout by hand: the contract's entries carry zod schemas, and this module is on
  // the first load (app/first-load.test.ts).
  void api.post('/user/logout').catch(() => undefined);
  clearAuth();
}
