/**
 * A fresh database per test file: in-memory PGlite by default, or a new database on the
 * PostgreSQL server named by DATABASE_URL (dropped again on close), so files run in parallel.
 * Both start from the migrated database the suite's global set-up made once
 * (database-template.ts).
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/db/client.ts';
import { waitUntilUnused } from './database-template.ts';

/** Read once per test process: the dump is some 40 MB, and PGlite only reads it. */
let pgliteTemplate: Blob | undefined;

export async function createTestDatabase(): Promise<DatabaseHandle> {
  if (!process.env.DATABASE_URL) {
    const file = inject('pgliteTemplateFile');
    if (file) pgliteTemplate ??= new Blob([readFileSync(file)]);
    return openDatabase({ kind: 'pglite', dataDir: null, startFrom: pgliteTemplate });
  }
  const scratch = await createScratchDatabase(process.env.DATABASE_URL);
  const handle = await openDatabase({ kind: 'postgres', url: scratch.url, poolSize: 4 });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await scratch.drop();
    },
  };
}

/**
 * A new database on the PostgreSQL server of `serverUrl`, for a test that hands the URL to a
 * process of its own (the server under test), and the way to drop it afterwards. It is a clone
 * of the suite's migrated template where there is one.
 */
export async function createScratchDatabase(
  serverUrl: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `paddock_test_${randomBytes(6).toString('hex')}`;
  const template = inject('postgresTemplate');
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  } finally {
    await admin.end();
  }

  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await waitUntilUnused(dropper, name);
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}
