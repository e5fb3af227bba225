/**
 * Vitest's global set-up for the server suite: the database every test file starts from, made
 * and migrated once per run. Creating and migrating a PGlite database costs some 2 s on this
 * machine and loading a dump of a migrated one 0.6 s; on PostgreSQL, a clone of a template
 * database spares each file the migrations' round trips and locks. `createTestDatabase`
 * (database.ts) starts from what this provides.
 */
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { MIGRATIONS_FOLDER, openDatabase } from '../../src/db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A file holding a dump of a migrated PGlite data folder (no DATABASE_URL). */
    pgliteTemplateFile: string | null;
    /** A migrated database on the DATABASE_URL server that test databases are cloned from. */
    postgresTemplate: string | null;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const template = await createPostgresTemplate(serverUrl);
    project.provide('pgliteTemplateFile', null);
    project.provide('postgresTemplate', template.name);
    return template.drop;
  }
  const folder = mkdtempSync(path.join(tmpdir(), 'paddock-template-'));
  const file = path.join(folder, 'migrated.tar');
  const pglite = new PGlite();
  await migratePglite(drizzlePglite(pglite), { migrationsFolder: MIGRATIONS_FOLDER });
  const dump = await pglite.dumpDataDir('none');
  await pglite.close();
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplateFile', file);
  project.provide('postgresTemplate', null);
  return async () => rmSync(folder, { recursive: true, force: true });
}

async function createPostgresTemplate(
  serverUrl: string,
): Promise<{ name: string; drop: () => Promise<void> }> {
  const name = `paddock_template_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  // The product's own opening migrates it; a database being cloned must have no connection.
  const handle = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 1 });
  await handle.close();
  const watcher = new pg.Client({ connectionString: serverUrl });
  await watcher.connect();
  await waitUntilUnused(watcher, name);
  await watcher.end();
  return {
    name,
    drop: async () => {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

/**
 * A pool's end resolves before its connections have gone. Dropping with FORCE while one is still
 * saying goodbye kills it, and its error surfaces as an unhandled one; cloning a template fails
 * while it has any connection. Waits (at most 5 s) until the database has none.
 */
export async function waitUntilUnused(admin: pg.Client, name: string): Promise<void> {
  for (let waited = 0; waited < 5000; waited += 50) {
    const { rows } = await admin.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1',
      [name],
    );
    if (rows[0]?.n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
