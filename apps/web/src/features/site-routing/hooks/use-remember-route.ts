import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { markPageShown, rememberablePath, writeLastRoute } from '../route-memory.ts';

/**
 * Stores the current route as the user's last route (§3 preference lastRoute) on every
 * navigation once the page has loaded (`active`), and records that a page was shown, so a later
 * visit to / shows the site list instead of jumping back.
 */
export function useRememberRoute(uid: string | null, active = true): void {
  const { pathname, search } = useLocation();
  useEffect(() => {
    if (!active) return;
    markPageShown();
    const path = rememberablePath(pathname, search);
    if (uid && path) writeLastRoute(uid, path);
  }, [uid, pathname, search, active]);
}
