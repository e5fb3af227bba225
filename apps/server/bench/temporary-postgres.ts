/**
 * A throwaway database for a benchmark on the PostgreSQL server of DATABASE_URL (else the local
 * one CI and this machine run), so a bench never touches data it did not make; or, when
 * BENCH_DATABASE_URL is set, that database as it is, kept afterwards: `npm run bench:hundred-million`
 * runs the benches on the databases it seeded (the seeding benches then find their farms there).
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
  const given = process.env.BENCH_DATABASE_URL;
  if (given) return { url: given, drop: async () => {} };
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
 * A copy of the database at `url` (which nobody may be connected to) on the same server, and the
 * way to drop it: CREATE DATABASE … TEMPLATE, its files copied as they are.
 */
export async function cloneDatabase(
  url: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const source = new URL(url);
  const adminUrl = process.env.DATABASE_URL ?? DEFAULT_POSTGRES_URL;
  const name = `paddock_bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(
      `CREATE DATABASE ${name} TEMPLATE ${source.pathname.slice(1)} STRATEGY FILE_COPY`,
    );
  } finally {
    await admin.end();
  }
  source.pathname = `/${name}`;
  return {
    url: source.toString(),
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
