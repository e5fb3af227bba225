/**
 * Opens the database: embedded PGlite in a data folder by default, PostgreSQL when a URL is
 * given. Both speak the same SQL and run the same migrations, so the rest of the server sees one
 * `Database` type.
 */
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { SQL } from 'drizzle-orm';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { acquireDataDirLock } from './data-dir-lock.ts';
import * as schema from './schema.ts';
import { watchTableChanges } from './table-versions.ts';

import type { Database } from './database.ts';

export type { Database, Queryable, Schema, Transaction } from './database.ts';

export type DatabaseTarget =
  /** Embedded PGlite; `dataDir` null keeps it in memory (tests). */
  | { kind: 'pglite'; dataDir: string | null }
  | {
      kind: 'postgres';
      url: string;
      poolSize?: number;
      /** A statement running longer is cancelled (DATABASE_STATEMENT_TIMEOUT_SECONDS). */
      statementTimeoutMs?: number;
      /** A connection not made by then fails (DATABASE_CONNECT_TIMEOUT_SECONDS). */
      connectTimeoutMs?: number;
    };

/**
 * A hung database must not hang the API: a call fails after these instead of waiting for the
 * HTTP request timeout (30 s), and answers 503 (http/errors.ts).
 */
export const DEFAULT_STATEMENT_TIMEOUT_MS = 15_000;
export const DEFAULT_CONNECT_TIMEOUT_MS = 5_000;

/** The driver under drizzle, for libraries that bring their own SQL (pg-boss). */
export type RawDatabaseClient =
  { kind: 'postgres'; pool: pg.Pool } | { kind: 'pglite'; pglite: PGlite };

export type DatabaseHandle = {
  db: Database;
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

/** Opens the database and brings it up to the latest migration. */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') {
    const statementTimeout = target.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS;
    const pool = new pg.Pool({
      connectionString: target.url,
      max: target.poolSize ?? 10,
      connectionTimeoutMillis: target.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
      // The server cancels a long statement; the client gives up a little later, when the server
      // itself does not answer (a stopped host, a full network buffer).
      statement_timeout: statementTimeout,
      query_timeout: statementTimeout + 2_000,
    });
    // An idle connection the server ends (a restart, 57P01) is reported here; unheard, the
    // 'error' event would end the process. The pool drops it and connects anew when asked.
    const db = drizzlePg(pool, { schema });
    const handle: DatabaseHandle = {
      db: db as unknown as Database,
      kind: 'postgres',
      client: { kind: 'postgres', pool },
      close: () => pool.end(),
      onConnectionLost: (error) => console.warn(`database connection lost: ${error.message}`),
    };
    pool.on('error', (error) => handle.onConnectionLost(error));
    // A connection checked out of the pool (inside a transaction, between its statements) has
    // no pool listener: its 'error' on a server restart would be unheard, and end the process.
    // Its next statement fails instead, and the pool drops it when it is released.
    pool.on('connect', (client) => client.on('error', (error) => handle.onConnectionLost(error)));
    try {
      await migratePg(db, { migrationsFolder: MIGRATIONS_FOLDER });
    } catch (error) {
      await pool.end();
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
    const client = target.dataDir ? new PGlite(path.join(target.dataDir, 'pgdata')) : new PGlite();
    const db = drizzlePglite(client, { schema });
    await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
    await watchTableChanges(db as unknown as Database, client);
    return {
      db: db as unknown as Database,
      kind: 'pglite',
      client: { kind: 'pglite', pglite: client },
      close: async () => {
        await client.close();
        releaseLock();
      },
      onConnectionLost: () => {},
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}

/**
 * Runs raw SQL and returns its rows. Both drivers answer `execute` with `{ rows }`; drizzle's
 * shared type cannot say so, hence the one cast here.
 */
export async function queryRows<Row>(db: Database, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}
