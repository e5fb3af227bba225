import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { rememberablePath, writeLastRoute } from '../route-memory.ts';

/**
 * Stores the current route as the user's last route (§3 preference lastRoute) on every
 * navigation once the page has loaded (`active`): / goes back to it (§2).
 */
export function useRememberRoute(uid: string | null, active = true): void {
  const { pathname, search } = useLocation();
  useEffect(() => {
    if (!active) return;
    const path = rememberablePath(pathname, search);
    if (uid && path) writeLastRoute(uid, path);
  }, [uid, pathname, search, active]);
}
