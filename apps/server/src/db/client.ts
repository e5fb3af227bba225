/**
 * Opens the database: embedded PGlite in a data folder by default, PostgreSQL when a URL is
 * given. Both speak the same SQL and run the same migrations, so the rest of the server sees one
 * `Database` type.
 */
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { sql, type SQL } from 'drizzle-orm';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { acquireDataDirLock } from './data-dir-lock.ts';
import { finishReadingsPartitioning, makeReadingPartitions } from './reading-partitions.ts';
import { EmbeddedScheduler, PeopleFirst, PgliteLane } from './lanes.ts';
import * as schema from './schema.ts';
import { watchTableChanges } from './table-versions.ts';

import type { Database } from './database.ts';

export type { Database, Queryable, Transaction } from './database.ts';

export type DatabaseTarget =
  /**
   * Embedded PGlite; `dataDir` null keeps it in memory (tests). `startFrom` is a dump of a data
   * folder to begin with (PGlite's dumpDataDir): the test suite migrates one database per run and
   * starts every test file's database from it, instead of creating and migrating each anew.
   */
  | { kind: 'pglite'; dataDir: string | null; startFrom?: Blob }
  | {
      kind: 'postgres';
      url: string;
      poolSize?: number;
      /** Connections of the background lane's own pool (db/lanes.ts). */
      backgroundPoolSize?: number;
      /** A statement running longer is cancelled (DATABASE_STATEMENT_TIMEOUT_SECONDS). */
      statementTimeoutMs?: number;
      /** A connection not made by then fails (DATABASE_CONNECT_TIMEOUT_SECONDS). */
      connectTimeoutMs?: number;
    };

/**
 * A hung database must not hang the API: a call fails after these instead of waiting for the
 * HTTP request timeout (30 s), and answers 503 (http/errors.ts).
 */
const DEFAULT_STATEMENT_TIMEOUT_MS = 15_000;
const DEFAULT_CONNECT_TIMEOUT_MS = 5_000;
/** The background lane's pool on PostgreSQL: enough for an export and a recomputation at once. */
export const DEFAULT_BACKGROUND_POOL_SIZE = 3;

/**
 * The driver under drizzle, for libraries that bring their own SQL (pg-boss): on the embedded
 * database, PGlite as the interactive lane sees it.
 */
type RawDatabaseClient =
  { kind: 'postgres'; pool: pg.Pool } | { kind: 'pglite'; pglite: PgliteLane };

export type DatabaseHandle = {
  /** The interactive lane: people's requests and the field's live work (db/lanes.ts). */
  db: Database;
  /** The background lane: bulk work that must never hold a person up (db/lanes.ts). */
  background: Database;
  /** People's requests in flight in this process; background CPU work yields to them. */
  people: PeopleFirst;
  kind: DatabaseTarget['kind'];
  client: RawDatabaseClient;
  close: () => Promise<void>;
  /**
   * Told when the server ends an idle connection (a restart, 57P01); the server sets it to its
   * log. The pool drops that connection and connects anew at the next query.
   */
  onConnectionLost: (error: Error) => void;
};

export const MIGRATIONS_FOLDER = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../migrations',
);

/**
 * Brings the readings' partitions up to date before the process serves: a database from before
 * partitioning has its readings moved into them, and this month's and the next ones exist.
 */
async function readyReadingPartitions(db: Database, progress: (line: string) => void) {
  await finishReadingsPartitioning(db, progress);
  await makeReadingPartitions(db, Date.now());
}

/**
 * Opens the database and brings it up to the latest migration. `progress` hears the lines of a
 * long data migration (the console's log by default).
 */
export async function openDatabase(
  target: DatabaseTarget,
  progress: (line: string) => void = (line) => console.info(line),
): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') {
    const statementTimeout = target.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS;
    const newPool = (max: number) =>
      new pg.Pool({
        connectionString: target.url,
        max,
        connectionTimeoutMillis: target.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
        // The server cancels a long statement; the client gives up a little later, when the
        // server itself does not answer (a stopped host, a full network buffer).
        statement_timeout: statementTimeout,
        query_timeout: statementTimeout + 2_000,
      });
    const pool = newPool(target.poolSize ?? 10);
    const backgroundPool = newPool(target.backgroundPoolSize ?? DEFAULT_BACKGROUND_POOL_SIZE);
    const db = drizzlePg(pool, { schema });
    const people = new PeopleFirst();
    const handle: DatabaseHandle = {
      db: db as unknown as Database,
      background: drizzlePg(backgroundPool, { schema }) as unknown as Database,
      people,
      kind: 'postgres',
      client: { kind: 'postgres', pool },
      close: async () => {
        await backgroundPool.end();
        await pool.end();
      },
      onConnectionLost: (error) => console.warn(`database connection lost: ${error.message}`),
    };
    registerPeople(handle);
    for (const each of [pool, backgroundPool]) {
      // An idle connection the server ends (a restart, 57P01) is reported here; unheard, the
      // 'error' event would end the process. The pool drops it and connects anew when asked.
      each.on('error', (error) => handle.onConnectionLost(error));
      // A connection checked out of the pool (inside a transaction, between its statements) has
      // no pool listener: its 'error' on a server restart would be unheard, and end the
      // process. Its next statement fails instead, and the pool drops it when it is released.
      each.on('connect', (client) => client.on('error', (error) => handle.onConnectionLost(error)));
    }
    try {
      await migratePg(db, { migrationsFolder: MIGRATIONS_FOLDER });
      await readyReadingPartitions(handle.db, progress);
    } catch (error) {
      await handle.close();
      throw error;
    }
    return handle;
  }

  // PGlite does not lock its folder: a second process would open it and corrupt it.
  let releaseLock = () => {};
  if (target.dataDir) {
    mkdirSync(target.dataDir, { recursive: true });
    releaseLock = acquireDataDirLock(target.dataDir);
  }
  try {
    // Loaded only here: PGlite's module alone is some 40 MB resident, which a process on
    // PostgreSQL (an export worker among them) need not carry.
    const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
      import('@electric-sql/pglite'),
      import('drizzle-orm/pglite'),
      import('drizzle-orm/pglite/migrator'),
    ]);
    const client = new PGlite({
      dataDir: target.dataDir ? path.join(target.dataDir, 'pgdata') : undefined,
      loadDataDir: target.startFrom,
    });
    await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
    const people = new PeopleFirst();
    const scheduler = new EmbeddedScheduler(people);
    const interactive = new PgliteLane(client, scheduler, 'interactive');
    // drizzle calls only query and transaction, which a lane has as PGlite has them.
    const db = drizzlePglite(interactive as unknown as PGlite, { schema }) as unknown as Database;
    const background = drizzlePglite(
      new PgliteLane(client, scheduler, 'background') as unknown as PGlite,
      {
        schema,
      },
    ) as unknown as Database;
    await watchTableChanges([db, background], client);
    await readyReadingPartitions(db, progress);
    const handle: DatabaseHandle = {
      db,
      background,
      people,
      kind: 'pglite',
      client: { kind: 'pglite', pglite: interactive },
      close: async () => {
        await client.close();
        releaseLock();
      },
      onConnectionLost: () => {},
    };
    registerPeople(handle);
    return handle;
  } catch (error) {
    releaseLock();
    throw error;
  }
}

const peopleByDatabase = new WeakMap<Database, PeopleFirst>();

function registerPeople(handle: DatabaseHandle): void {
  peopleByDatabase.set(handle.db, handle.people);
  peopleByDatabase.set(handle.background, handle.people);
}

/**
 * The people count of the process that opened this database (the HTTP app counts its requests
 * there); null for a database opened otherwise.
 */
export function peopleOf(db: Database): PeopleFirst | null {
  return peopleByDatabase.get(db) ?? null;
}

/**
 * Runs raw SQL and returns its rows. Both drivers answer `execute` with `{ rows }`; drizzle's
 * shared type cannot say so, hence the one cast here.
 */
export async function queryRows<Row>(db: Database, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

/**
 * Whether the database answers a trivial query; false on any error. The health check reports it,
 * and ingest asks it to tell a batch that fails for its content from one the database failed.
 */
export async function databaseAnswers(db: Database): Promise<boolean> {
  try {
    await queryRows(db, sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
