/**
 * A fresh database per test file: in-memory PGlite by default, or a new database on the
 * PostgreSQL server named by DATABASE_URL (dropped again on close), so files run in parallel.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../../src/db/client.ts';

export async function createTestDatabase(): Promise<DatabaseHandle> {
  if (!process.env.DATABASE_URL) return openDatabase({ kind: 'pglite', dataDir: null });
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
 * A new, empty database on the PostgreSQL server of `serverUrl`, for a test that hands the URL
 * to a process of its own (the server under test), and the way to drop it afterwards.
 */
export async function createScratchDatabase(
  serverUrl: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `paddock_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();

  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      // The pool's end resolves before its connections have gone; dropping with FORCE while one
      // is still saying goodbye kills it, and its error surfaces as an unhandled one. Wait first.
      for (let waited = 0; waited < 5000; waited += 50) {
        const { rows } = await dropper.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1',
          [name],
        );
        if (rows[0]?.n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}
