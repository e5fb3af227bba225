/**
 * While the database is away (stopped, restarting, unreachable) the server keeps running and
 * says so: every call that needs the database answers 503 with a clear message instead of
 * hanging or failing with 500, and /api/health asks the database and answers 503 too (issue 19).
 * The database here is a PostgreSQL address where nothing listens: a stopped server, as the
 * driver meets it.
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import type { Database } from '../../src/db/client.ts';
import * as schema from '../../src/db/schema.ts';
import { DATABASE_UNAVAILABLE_MESSAGE } from '../../src/http/errors.ts';
import { freePort } from '../field/field-test-kit.ts';

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
