import { credentialsValidity } from '@paddock/domain';
import { useSyncExternalStore } from 'react';
import { readAuth, subscribeAuth, type SessionAuth } from '../../../lib/auth-storage.ts';

export interface Session {
  /** The stored session, or null when signed out. */
  readonly auth: SessionAuth | null;
  /** A session is stored (valid or refreshable); the API client refreshes expired tokens itself. */
  readonly loggedIn: boolean;
  readonly loginId: string | null;
  readonly uid: string | null;
}

/** The current session; re-renders when this tab or another one signs in or out. */
export function useSession(): Session {
  const auth = useSyncExternalStore(subscribeAuth, readAuth, readAuth);
  return {
    auth,
    loggedIn: auth !== null && credentialsValidity(auth, new Date()) !== 'invalid',
    loginId: auth?.loginId ?? null,
    uid: auth?.uid ?? null,
  };
}
