/**
 * The per-user offline cache (§3 "Offline cache per user", §4 "Cache", §9): what the console last
 * saw, kept in IndexedDB (idb-keyval) so a reload — or a lost network — still shows the user's
 * sites, summary and units.
 *
 * - One record per user (keyed by the session's uid) holding the app version (APP_VERSION), the
 *   cache version (CACHE_VERSION), the user-level entries (userSites, dashboard, exports,
 *   preferences, legacyPreferences, userPrivileges, userContact, metrics) and a history of site
 *   snapshots (sites, siteSummary, siteUnits, … users), at most CACHE_HISTORY_SITES sites,
 *   newest first.
 * - An area's entries (its radios, programs…) belong to its site's snapshot: an area slot finds
 *   it through the site's `sites` entry (GET sites/{id} lists the site's areas); an answer that
 *   comes before the site's record waits in memory until it names the area.
 * - Opened on login (and at start-up with a stored session): a record of another app or cache
 *   version, or one that cannot be read, is cleared. Reading fails with the spec's 'no valid user
 *   for cache' (no uid) or 'not found' (nothing stored yet), which start an empty record.
 * - Writes go to memory at once and to IndexedDB after CACHE_WRITE_DEBOUNCE_MS without writes.
 * - An entry older than CACHE_ENTRY_MAX_AGE_MS is outdated: served, but refetched.
 * - Reset on logout: the user's record is deleted.
 *
 * Each entry holds variants: the same call with different arguments (a query key), newest first,
 * so e.g. the sites list filtered and unfiltered, or one entry per area, live side by side. The
 * dashboard keeps the current query plus DASHBOARD_CACHE_OTHER_QUERIES others (§9).
 *
 * TanStack Query reads and fills it through `cachedQueryOptions` (offline-cache-queries.ts).
 */
import {
  APP_VERSION,
  CACHE_ENTRY_MAX_AGE_MS,
  CACHE_HISTORY_SITES,
  CACHE_VERSION,
  CACHE_WRITE_DEBOUNCE_MS,
  DASHBOARD_CACHE_OTHER_QUERIES,
  type OfflineCacheKey,
  type SiteSnapshotKey,
} from '@paddock/domain';
import { createStore, del, get, set, type UseStore } from 'idb-keyval';

/** §8 Cache: reading without a signed-in user. */
export const CACHE_NO_VALID_USER = 'no valid user for cache';
/** §8 Cache: nothing stored for this user yet. */
export const CACHE_NOT_FOUND = 'not found';

/**
 * Where a query's data lives: a user-level entry, or an entry of one site's snapshot, named by the
 * site or by one of its areas (an area's radios, programs… belong to its site's snapshot).
 */
export type CacheSlot =
  | { readonly key: OfflineCacheKey }
  | { readonly key: SiteSnapshotKey; readonly siteId: number }
  | { readonly key: SiteSnapshotKey; readonly areaId: number };

/** An area slot's answer waiting for its site to be known (the site's record not yet fetched). */
interface PendingAreaWrite {
  readonly slot: { readonly key: SiteSnapshotKey; readonly areaId: number };
  readonly variant: string;
  readonly data: unknown;
  readonly savedAt: number;
}

/** Area answers kept in memory until their site is known; bounds a page that never loads it. */
const MAX_PENDING_AREA_WRITES = 50;

/** One cached answer: the variant (query hash) it answers, the data and when it was fetched. */
export interface CacheEntry {
  readonly variant: string;
  readonly data: unknown;
  /** Epoch ms of the fetch that produced the data. */
  readonly savedAt: number;
}

type Entries<K extends string> = Partial<Record<K, readonly CacheEntry[]>>;

interface SiteSnapshot {
  readonly siteId: number;
  /** Last write to this site's snapshot; the history is sorted by it, newest first. */
  readonly savedAt: number;
  readonly entries: Entries<SiteSnapshotKey>;
}

/** What IndexedDB holds for one user. */
export interface UserCacheRecord {
  readonly uid: string;
  readonly appVersion: string;
  readonly cacheVersion: string;
  readonly entries: Entries<OfflineCacheKey>;
  readonly history: readonly SiteSnapshot[];
}

/** Variants kept per entry besides the dashboard's; bounds the record's size. */
const MAX_VARIANTS_PER_ENTRY = 20;

export interface OfflineCacheOptions {
  /** idb-keyval store; the app's is database 'paddock-offline-cache', store 'users'. */
  readonly store?: () => UseStore;
  readonly now?: () => number;
  readonly debounceMs?: number;
  readonly appVersion?: string;
  readonly cacheVersion?: string;
  readonly log?: (message: string, error?: unknown) => void;
}

/** An empty record of the current versions. */
export function emptyRecord(
  uid: string,
  versions: { appVersion: string; cacheVersion: string } = {
    appVersion: APP_VERSION,
    cacheVersion: CACHE_VERSION,
  },
): UserCacheRecord {
  return { uid, ...versions, entries: {}, history: [] };
}

/** True when the entry is older than CACHE_ENTRY_MAX_AGE_MS (§9 entry age 1 minute). */
export function isOutdated(entry: Pick<CacheEntry, 'savedAt'>, now: number): boolean {
  return now - entry.savedAt > CACHE_ENTRY_MAX_AGE_MS;
}

function withVariant(
  list: readonly CacheEntry[] | undefined,
  entry: CacheEntry,
  max: number,
): readonly CacheEntry[] {
  return [entry, ...(list ?? []).filter((item) => item.variant !== entry.variant)].slice(0, max);
}

/**
 * The ids of the areas in a site's `sites` entry: GET sites/{id} answers the site with its areas
 * (§7), which is how an area slot finds the snapshot of its site.
 */
function areaIdsOf(data: unknown): number[] {
  const areas = (data as { areas?: unknown } | null | undefined)?.areas;
  if (!Array.isArray(areas)) return [];
  return areas.flatMap((area: unknown) => {
    const id = (area as { id?: unknown } | null)?.id;
    return typeof id === 'number' ? [id] : [];
  });
}

function isUserSlot(slot: CacheSlot): slot is { readonly key: OfflineCacheKey } {
  return !('siteId' in slot) && !('areaId' in slot);
}

function looksLikeRecord(value: unknown, uid: string): value is UserCacheRecord {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    record.uid === uid &&
    typeof record.appVersion === 'string' &&
    typeof record.cacheVersion === 'string' &&
    typeof record.entries === 'object' &&
    record.entries !== null &&
    Array.isArray(record.history)
  );
}

export class OfflineCache {
  #record: UserCacheRecord | null = null;
  #storeFactory: () => UseStore;
  #store: UseStore | undefined;
  #now: () => number;
  #debounceMs: number;
  #versions: { appVersion: string; cacheVersion: string };
  #log: (message: string, error?: unknown) => void;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #dirty = false;
  #opening = 0;
  #listeners = new Set<() => void>();
  #pendingAreaWrites: PendingAreaWrite[] = [];

  constructor(options: OfflineCacheOptions = {}) {
    this.#storeFactory = options.store ?? (() => createStore('paddock-offline-cache', 'users'));
    this.#now = options.now ?? Date.now;
    this.#debounceMs = options.debounceMs ?? CACHE_WRITE_DEBOUNCE_MS;
    this.#versions = {
      appVersion: options.appVersion ?? APP_VERSION,
      cacheVersion: options.cacheVersion ?? CACHE_VERSION,
    };
    this.#log = options.log ?? ((message, error) => console.warn(message, error));
  }

  /** The user whose record is open, or null. */
  get uid(): string | null {
    return this.#record?.uid ?? null;
  }

  /** The open record (read-only), for tests and debugging. */
  get record(): UserCacheRecord | null {
    return this.#record;
  }

  /** Called after a record is opened (to hydrate queries that started before it was ready). */
  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #storeHandle(): UseStore {
    this.#store ??= this.#storeFactory();
    return this.#store;
  }

  /**
   * The user's stored record. Rejects with 'no valid user for cache' without a uid and with
   * 'not found' when nothing is stored; any other rejection is a read failure.
   */
  async load(uid: string | null | undefined): Promise<UserCacheRecord> {
    if (!uid) throw new Error(CACHE_NO_VALID_USER);
    const value: unknown = await get(uid, this.#storeHandle());
    if (value === undefined) throw new Error(CACHE_NOT_FOUND);
    if (!looksLikeRecord(value, uid)) throw new Error(`unreadable cache record for ${uid}`);
    return value;
  }

  /**
   * Opens the user's cache (§4 "cleared on login if stored app version or cache version differs
   * or on read failure"). Another user's pending writes are saved first; null just closes.
   */
  async open(uid: string | null | undefined): Promise<void> {
    const ticket = ++this.#opening;
    if (this.#record && this.#record.uid !== uid) await this.flush();
    if (ticket !== this.#opening) return;
    if (!uid) {
      this.#record = null;
      this.#pendingAreaWrites = [];
      return;
    }
    if (this.#record?.uid === uid) return;
    let record: UserCacheRecord;
    try {
      const stored = await this.load(uid);
      if (
        stored.appVersion !== this.#versions.appVersion ||
        stored.cacheVersion !== this.#versions.cacheVersion
      ) {
        await this.#delete(uid);
        record = emptyRecord(uid, this.#versions);
      } else {
        record = stored;
      }
    } catch (error) {
      if (!(error instanceof Error && error.message === CACHE_NOT_FOUND)) {
        this.#log('Offline cache unreadable; cleared', error);
        await this.#delete(uid);
      }
      record = emptyRecord(uid, this.#versions);
    }
    if (ticket !== this.#opening) return;
    this.#record = record;
    this.#pendingAreaWrites = [];
    this.#dirty = false;
    for (const listener of [...this.#listeners]) listener();
  }

  /** §4 "reset on logout": forgets the user's record here and in IndexedDB. */
  async reset(): Promise<void> {
    this.#opening++;
    const uid = this.#record?.uid;
    this.#cancelFlush();
    this.#record = null;
    this.#pendingAreaWrites = [];
    if (uid) await this.#delete(uid);
  }

  /** The newest entry for the slot and variant, outdated or not; undefined when none. */
  read(slot: CacheSlot, variant: string): CacheEntry | undefined {
    const record = this.#record;
    if (!record) return undefined;
    if ('areaId' in slot) {
      const pending = this.#pendingAreaWrites.find(
        (write) => write.slot.areaId === slot.areaId && write.variant === variant,
      );
      if (pending) return { variant, data: pending.data, savedAt: pending.savedAt };
    }
    let list: readonly CacheEntry[] | undefined;
    if (isUserSlot(slot)) list = record.entries[slot.key];
    else {
      const siteId = this.#siteIdOf(slot);
      list = record.history.find((snapshot) => snapshot.siteId === siteId)?.entries[slot.key];
    }
    return list?.find((entry) => entry.variant === variant);
  }

  /** The site whose snapshot holds the slot; undefined for a user-level slot or an unknown area. */
  #siteIdOf(slot: Exclude<CacheSlot, { key: OfflineCacheKey }>): number | undefined {
    if ('siteId' in slot) return slot.siteId;
    return this.#record?.history.find((snapshot) =>
      snapshot.entries.sites?.some((entry) => areaIdsOf(entry.data).includes(slot.areaId)),
    )?.siteId;
  }

  /** Site ids in the history, newest first. */
  historySiteIds(): number[] {
    return this.#record?.history.map((snapshot) => snapshot.siteId) ?? [];
  }

  /** Stores data for the slot; saved to IndexedDB once writes pause for the debounce time. */
  write(slot: CacheSlot, variant: string, data: unknown, savedAt: number = this.#now()): void {
    const record = this.#record;
    if (!record || data === undefined) return;
    const entry: CacheEntry = { variant, data, savedAt };
    const siteId = isUserSlot(slot) ? undefined : this.#siteIdOf(slot);
    if ('areaId' in slot && siteId === undefined) {
      // The area's site is not known yet: kept until the site's record arrives.
      this.#pendingAreaWrites = [
        { slot, variant, data, savedAt },
        ...this.#pendingAreaWrites.filter(
          (write) => write.slot.areaId !== slot.areaId || write.variant !== variant,
        ),
      ].slice(0, MAX_PENDING_AREA_WRITES);
      return;
    }
    if (!isUserSlot(slot) && siteId !== undefined) {
      const current = record.history.find((snapshot) => snapshot.siteId === siteId);
      const snapshot: SiteSnapshot = {
        siteId,
        savedAt: this.#now(),
        entries: {
          ...current?.entries,
          [slot.key]: withVariant(current?.entries[slot.key], entry, MAX_VARIANTS_PER_ENTRY),
        },
      };
      this.#record = {
        ...record,
        history: [snapshot, ...record.history.filter((other) => other.siteId !== siteId)].slice(
          0,
          CACHE_HISTORY_SITES,
        ),
      };
    } else if (isUserSlot(slot)) {
      const max =
        slot.key === 'dashboard' ? 1 + DASHBOARD_CACHE_OTHER_QUERIES : MAX_VARIANTS_PER_ENTRY;
      this.#record = {
        ...record,
        entries: {
          ...record.entries,
          [slot.key]: withVariant(record.entries[slot.key], entry, max),
        },
      };
    }
    this.#dirty = true;
    this.#cancelFlush();
    this.#timer = setTimeout(() => void this.flush(), this.#debounceMs);
    if (slot.key === 'sites') this.#placePendingAreaWrites(areaIdsOf(data));
  }

  /** Writes the waiting answers of areas the site's record just named. */
  #placePendingAreaWrites(areaIds: readonly number[]): void {
    const placed = this.#pendingAreaWrites.filter((write) => areaIds.includes(write.slot.areaId));
    if (placed.length === 0) return;
    this.#pendingAreaWrites = this.#pendingAreaWrites.filter((write) => !placed.includes(write));
    // Oldest first, so each entry's variants stay newest first.
    for (const write of placed.reverse()) {
      this.write(write.slot, write.variant, write.data, write.savedAt);
    }
  }

  /** Saves pending writes now (also called when the page is hidden). */
  async flush(): Promise<void> {
    this.#cancelFlush();
    const record = this.#record;
    if (!record || !this.#dirty) return;
    this.#dirty = false;
    try {
      await set(record.uid, record, this.#storeHandle());
    } catch (error) {
      this.#log('Offline cache not saved', error);
    }
  }

  #cancelFlush(): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  async #delete(uid: string): Promise<void> {
    try {
      await del(uid, this.#storeHandle());
    } catch (error) {
      this.#log('Offline cache not cleared', error);
    }
  }
}

/** The app's cache; `connectOfflineCache` opens it for the signed-in user. */
export const offlineCache = new OfflineCache();
