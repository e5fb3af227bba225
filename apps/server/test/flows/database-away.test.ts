/**
 * While the database is away (stopped, restarting, unreachable) the server keeps running and
 * says so: every call that needs the database answers 503 with a clear message instead of
 * hanging or failing with 500, and /api/health asks the database and answers 503 too (issue 19).
 * The database here is a PostgreSQL address where nothing listens: a stopped server, as the
 * driver meets it.
 */
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { queryRows, type Database } from '../../src/db/client.ts';
import { createTestDatabase } from '../helpers/database.ts';
import * as schema from '../../src/db/schema.ts';
import { DATABASE_UNAVAILABLE_MESSAGE } from '../../src/http/errors.ts';
import { freePort } from '../helpers/field.ts';

let pool: pg.Pool;
let app: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  const port = await freePort();
  pool = new pg.Pool({
    connectionString: `postgres://postgres@127.0.0.1:${port}/paddock`,
    connectionTimeoutMillis: 2000,
  });
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    PADDOCK_TOKEN_SECRET: 'x'.repeat(40),
  });
  app = await buildApp(config, { db: drizzle(pool, { schema }) as unknown as Database });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await pool?.end();
});

it('answers 503 from the health check, which asks the database', async () => {
  const response = await app.inject({ method: 'GET', url: '/api/health' });
  expect(response.statusCode).toBe(503);
  expect(response.json()).toEqual({ status: 'unavailable', message: DATABASE_UNAVAILABLE_MESSAGE });
});

it('answers 503 with a clear message to a call that needs the database', async () => {
  const response = await app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { user: 'ada@farm.test', password: 'not the password', region: 'ap-southeast-2' },
  });
  expect(response.statusCode).toBe(503);
  expect(response.headers['retry-after']).toBe('5');
  expect(response.json()).toMatchObject({
    statusCode: 503,
    error: 'Service Unavailable',
    message: DATABASE_UNAVAILABLE_MESSAGE,
    reason: 'databaseUnavailable',
  });
});

// A restart ends every connection with 57P01, also one in the middle of a transaction, which the
// pool has lent out and does not listen to: its 'error' event once ended the process.
it.skipIf(!process.env.DATABASE_URL)(
  'lives through the server ending a connection in the middle of a transaction',
  async () => {
    const handle = await createTestDatabase();
    try {
      const killer = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await killer.connect();
      const failed = handle.db
        .transaction(async (tx) => {
          const [me] = await queryRows<{ pid: number }>(tx, sql`select pg_backend_pid() as pid`);
          await killer.query('select pg_terminate_backend($1)', [me?.pid]);
          await new Promise((resolve) => setTimeout(resolve, 300));
          await queryRows(tx, sql`select 1`);
        })
        .then(
          () => 'committed',
          () => 'failed',
        );
      expect(await failed).toBe('failed');
      await killer.end();
      // The pool connects anew for the next statement.
      expect(await queryRows(handle.db, sql`select 1 as one`)).toEqual([{ one: 1 }]);
    } finally {
      await handle.close();
    }
  },
);
