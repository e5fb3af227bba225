/**
 * The site filter the user chose (§3 browser storage `site_filters`: filter name → 'a;b'), shared
 * by every tab through localStorage, and whether the Site filter modal is open. Both are small
 * external stores so the sidebar, the not-found page and the sites query read the same value.
 */
import {
  browserStorageKeys,
  EMPTY_SITE_FILTER,
  siteFilterFromStored,
  siteFilterToStored,
  storedSiteFilterSchema,
  type SiteFilter,
} from '@paddock/domain';

const KEY = browserStorageKeys.siteFilters;
const filterListeners = new Set<() => void>();
let cachedRaw: string | null | undefined;
let cachedFilter: SiteFilter = EMPTY_SITE_FILTER;

function safeGet(): string | null {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

/** The stored filter; the same object until it changes (a stable snapshot for React). */
export function readSiteFilter(): SiteFilter {
  const raw = safeGet();
  if (raw === cachedRaw) return cachedFilter;
  cachedRaw = raw;
  cachedFilter = parse(raw);
  return cachedFilter;
}

function parse(raw: string | null): SiteFilter {
  if (raw === null) return EMPTY_SITE_FILTER;
  try {
    const stored = storedSiteFilterSchema.safeParse(JSON.parse(raw));
    return stored.success ? siteFilterFromStored(stored.data) : EMPTY_SITE_FILTER;
  } catch {
    return EMPTY_SITE_FILTER;
  }
}

/** Stores the filter (an empty one removes the key). */
export function writeSiteFilter(filter: SiteFilter): void {
  const stored = siteFilterToStored(filter);
  try {
    if (Object.keys(stored).length === 0) localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, JSON.stringify(stored));
  } catch {
    // Storage refused: the filter is not kept.
  }
  for (const listener of [...filterListeners]) listener();
}

export function subscribeSiteFilter(listener: () => void): () => void {
  filterListeners.add(listener);
  return () => filterListeners.delete(listener);
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === KEY || event.key === null) {
      for (const listener of [...filterListeners]) listener();
    }
  });
}

// The modal's open state: anything (sidebar button, not-found link) may open it.
const modalListeners = new Set<() => void>();
let modalOpen = false;

function setModalOpen(open: boolean): void {
  if (modalOpen === open) return;
  modalOpen = open;
  for (const listener of [...modalListeners]) listener();
}

/** Opens the Site filter modal (§2; the not-found page's "adjust the site filter" link). */
export function openSiteFilter(): void {
  setModalOpen(true);
}

export function closeSiteFilter(): void {
  setModalOpen(false);
}

export function isSiteFilterOpen(): boolean {
  return modalOpen;
}

export function subscribeSiteFilterModal(listener: () => void): () => void {
  modalListeners.add(listener);
  return () => modalListeners.delete(listener);
}
