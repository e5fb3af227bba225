/**
 * A throwaway database for a benchmark on the PostgreSQL server of DATABASE_URL (else the local
 * one CI and this machine run), so a bench never touches data it did not make.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Engine } from './report.ts';

const DEFAULT_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/test';

/** A temporary database and the way to drop it, or null when no PostgreSQL server answers. */
export async function temporaryPostgres(): Promise<{
  url: string;
  drop: () => Promise<void>;
} | null> {
  const adminUrl = process.env.DATABASE_URL ?? DEFAULT_POSTGRES_URL;
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch {
    return null;
  }
  const name = `paddock_bench_${randomBytes(6).toString('hex')}`;
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

/**
 * The environment a bench's server runs in on `engine`: the process's, with a fresh data folder
 * (prefixed `prefix`), and a temporary database as DATABASE_URL on 'postgres' or none on 'pglite'
 * (its database is then in the folder). Null, said on the console, when no PostgreSQL server
 * answers. `remove` drops the database and deletes the folder.
 */
export async function benchEngineEnv(
  engine: Engine,
  prefix = 'paddock-bench-',
): Promise<{ env: NodeJS.ProcessEnv; remove: () => Promise<void> } | null> {
  const database = engine === 'postgres' ? await temporaryPostgres() : null;
  if (engine === 'postgres' && !database) {
    console.log('postgres: no server answers; skipped.');
    return null;
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), prefix));
  const env: NodeJS.ProcessEnv = { ...process.env, PADDOCK_DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  if (database) env.DATABASE_URL = database.url;
  return {
    env,
    remove: async () => {
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
