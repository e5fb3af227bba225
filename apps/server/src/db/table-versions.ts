/**
 * Which tables have changed, known in the process without asking the database: embedded only.
 *
 * Embedded PGlite is one session in one process (the data folder is locked), and it hands a
 * NOTIFY to its listeners before the statement that committed it returns. Migration 0005's
 * statement-level triggers send `table_changed` with the table's name, so the counter of a table
 * here moves before any later statement can run. A value made from rows read after the counters
 * were taken, and kept under those counters, is therefore never older than the rows: the hot
 * calls (access checks, the polled lists) then run no statement at all while nothing changed,
 * where PGlite spends about a millisecond of the event loop on each.
 *
 * On PostgreSQL other processes write too and notices reach other sessions later, so counters
 * here would lag: tableVersionsOf() is null there and callers ask the database (data_versions,
 * row fingerprints). The triggers notify only a session that listens itself, so PostgreSQL's
 * writers never take the notify queue's lock at commit.
 */
import type { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import type { Database } from './database.ts';
import { dataVersions, type DataVersionName } from './schema.ts';
import { RecentMap } from '../recent-map.ts';

/** The tables migration 0005 reports on. */
export type WatchedTable =
  | 'users'
  | 'sites'
  | 'site_members'
  | 'areas'
  | 'area_members'
  | 'sections'
  | 'radios'
  | 'units'
  | 'sensors'
  | 'controls'
  | 'programs'
  | 'alarms'
  | 'contacts';

export type TableVersions = {
  /** A text that changes whenever any of the tables was written (same order, same text). */
  of(tables: readonly WatchedTable[]): string;
};

const CHANNEL = 'table_changed';
const watched = new WeakMap<Database, TableVersions>();

/** The database's table versions when it is embedded, null when it must be asked (PostgreSQL). */
export function tableVersionsOf(db: Database): TableVersions | null {
  return watched.get(db) ?? null;
}

/**
 * Starts counting the writes of each watched table of an embedded database; its lanes
 * (db/lanes.ts) are one session, so they share the counts.
 */
export async function watchTableChanges(lanes: readonly Database[], pglite: PGlite): Promise<void> {
  const counts = new Map<string, number>();
  await pglite.listen(CHANNEL, (table) => counts.set(table, (counts.get(table) ?? 0) + 1));
  const versions: TableVersions = {
    of: (tables) => tables.map((table) => counts.get(table) ?? 0).join('.'),
  };
  for (const db of lanes) watched.set(db, versions);
}

/**
 * Values worth keeping between calls (an access check, a site with its membership), each kept
 * under the versions of the tables it was read from and made again once any of them changed.
 * Without table versions (PostgreSQL) a value is kept only under a stored version that the
 * tables' triggers move (data_versions, `storedVersion`), asked each get() in one short
 * statement; without one, every get() makes the value.
 */
export class KeptWhileUnchanged<T> {
  readonly #db: Database;
  readonly #tables: readonly WatchedTable[];
  readonly #storedVersion: DataVersionName | undefined;
  readonly #kept: RecentMap<string, { versions: string; value: T }>;

  constructor(
    db: Database,
    tables: readonly WatchedTable[],
    maxEntries: number,
    storedVersion?: DataVersionName,
  ) {
    this.#db = db;
    this.#tables = tables;
    this.#storedVersion = storedVersion;
    this.#kept = new RecentMap(maxEntries);
  }

  async get(key: string, make: () => Promise<T>): Promise<T> {
    // Taken before make() reads: a write landing meanwhile leaves the value under older versions.
    const versions =
      tableVersionsOf(this.#db)?.of(this.#tables) ??
      (this.#storedVersion && (await storedVersion(this.#db, this.#storedVersion)));
    if (versions === undefined) return make();
    const kept = this.#kept.get(key);
    if (kept?.versions === versions) return kept.value;
    const value = await make();
    this.#kept.set(key, { versions, value });
    return value;
  }
}

/** A data_versions counter, moved by its tables' statement triggers (migrations 0004, 0038). */
async function storedVersion(db: Database, name: DataVersionName): Promise<string> {
  const [row] = await db
    .select({ version: dataVersions.version })
    .from(dataVersions)
    .where(eq(dataVersions.name, name));
  return String(row?.version ?? 0);
}
