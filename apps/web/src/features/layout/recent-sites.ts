/**
 * The sidebar's RECENT list (§2), stored per user under `recent_sites_{uid}` as
 * `{ currentUserId, sites: [{ siteId, label }] }` (§3), newest first, at most three (§9).
 */
import {
  pushRecentSite,
  recentSitesKey,
  recentSitesSchema,
  type RecentSiteEntry,
} from '@paddock/domain';

const EMPTY: readonly RecentSiteEntry[] = [];
const listeners = new Set<() => void>();
const cache = new Map<string, { raw: string | null; sites: readonly RecentSiteEntry[] }>();

function safeGet(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** The user's recent sites; a record of another user (or unreadable) counts as none. */
export function readRecentSites(uid: string): readonly RecentSiteEntry[] {
  const raw = safeGet(recentSitesKey(uid));
  const cached = cache.get(uid);
  if (cached && cached.raw === raw) return cached.sites;
  let sites = EMPTY;
  if (raw !== null) {
    try {
      const parsed = recentSitesSchema.safeParse(JSON.parse(raw));
      if (parsed.success && parsed.data.currentUserId === uid) sites = parsed.data.sites;
    } catch {
      // Unreadable: start again.
    }
  }
  cache.set(uid, { raw, sites });
  return sites;
}

/** Puts the visited site first (domain pushRecentSite); nothing is written when it is already first with that label. */
export function visitRecentSite(uid: string, site: RecentSiteEntry): void {
  const current = readRecentSites(uid);
  const first = current[0];
  if (first && first.siteId === site.siteId && first.label === site.label) return;
  const sites = pushRecentSite(current, site);
  try {
    localStorage.setItem(recentSitesKey(uid), JSON.stringify({ currentUserId: uid, sites }));
  } catch {
    // Storage refused: the list lasts as long as this page.
    cache.set(uid, { raw: safeGet(recentSitesKey(uid)), sites });
  }
  for (const listener of [...listeners]) listener();
}

export function subscribeRecentSites(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key.startsWith(recentSitesKey(''))) {
      for (const listener of [...listeners]) listener();
    }
  });
}
