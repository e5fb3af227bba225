/**
 * A throwaway database for a benchmark on the PostgreSQL server of DATABASE_URL (else the local
 * one CI and this machine run), so a bench never touches data it did not make.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

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
