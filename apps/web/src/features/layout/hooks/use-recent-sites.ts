import type { RecentSiteEntry } from '@paddock/domain';
import { useCallback, useSyncExternalStore } from 'react';
import { readRecentSites, subscribeRecentSites } from '../recent-sites.ts';

const NONE: readonly RecentSiteEntry[] = [];

/** The signed-in user's RECENT sites (§2), newest first; none without a user. */
export function useRecentSites(uid: string | null): readonly RecentSiteEntry[] {
  const read = useCallback(() => (uid === null ? NONE : readRecentSites(uid)), [uid]);
  return useSyncExternalStore(subscribeRecentSites, read, read);
}
