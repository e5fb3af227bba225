/**
 * People first (db/lanes.ts), end to end in one process: while background work stores a long
 * run of readings on the background lane (the demo history's own store), a person signs in and
 * opens the site list, and every call is answered while the background work is still under way
 * (how fast is `npm run bench:first-start`'s to measure); the background work still stores every
 * reading. On the embedded database this is the scheduler's doing; on PostgreSQL,
 * the background lane's own pool's.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEFAULT_BACKGROUND_POOL_SIZE, queryRows } from './client.ts';
import { sql } from 'drizzle-orm';
import { createHistoryStore, type HistoryPoints } from '../ingest/history-store.ts';
import { buildTestApp, type TestApp } from '../../test/helpers/test-app.ts';
import { TEST_PASSWORD } from '../../test/helpers/farm.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

const METRICS = 125;
const DAYS = 12;

/**
 * A day of 10-minute readings of 125 metrics: 18,000 readings, as the demo history stores a
 * site's day.
 */
function dayOfHistory(sensorId: number, day: number): HistoryPoints[] {
  const start = Date.parse('2026-06-01T00:00:00Z') + day * 86_400_000;
  const times = Array.from({ length: 144 }, (_, i) => start + i * 600_000);
  return Array.from({ length: METRICS }, (_, m) => ({
    thing: 'sensor' as const,
    id: sensorId,
    metric: `history.${m}`,
    times,
    values: times.map((_, i) => Math.sin(i / 20) * 10 + m),
  }));
}

async function storedOfSensor(sensorId: number): Promise<number> {
  const [row] = await queryRows<{ count: string | number }>(
    t.db,
    sql`select count(*) as count from readings r join series s on s.id = r.series_id
        where s.thing_type = 'sensor' and s.thing_id = ${sensorId} and s.metric like 'history.%'`,
  );
  return Number(row?.count ?? 0);
}

it("answers a person's calls while background work stores a long history, before it is done", async () => {
  const sensorId = t.farm.sensors.soil.id;
  const total = METRICS * DAYS * 144;
  // The background job: the history store on the background lane, a day after another, with a
  // turn of the event loop between two days as the demo history's loader gives.
  const store = createHistoryStore(t.handle.background);
  const load = (async () => {
    let stored = 0;
    for (let day = 0; day < DAYS; day++) {
      stored += await store.store(t.farm.sites.a.id, dayOfHistory(sensorId, day));
      await new Promise((resolve) => setImmediate(resolve));
    }
    return stored;
  })();

  // Once the background work is under way, a person signs in and opens the site list.
  while ((await storedOfSensor(sensorId)) === 0) {
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  const signIn = await t.app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { user: 'admin@farm.test', password: TEST_PASSWORD, region: t.config.region },
  });
  expect(signIn.statusCode).toBe(200);
  const { token } = signIn.json<{ token: string }>();
  const sites = await t.app.inject({
    method: 'GET',
    url: '/api/sites',
    headers: { authorization: `Bearer ${token}` },
  });
  expect(sites.statusCode).toBe(200);
  const site = await t.app.inject({
    method: 'GET',
    url: `/api/sites/${t.farm.sites.a.id}/summary`,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(site.statusCode).toBe(200);
  // Still loading when the person was done: the calls went before the rest of the load, they
  // did not wait for it to end.
  expect(await storedOfSensor(sensorId)).toBeLessThan(total);

  // And the background work lost nothing on the way.
  expect(await load).toBe(total);
  expect(await storedOfSensor(sensorId)).toBe(total);
}, 120_000);

it.skipIf(!process.env.DATABASE_URL)(
  'on PostgreSQL background work holds no more than its own pool, and people are answered meanwhile',
  async () => {
    const mark = 'paddock-background-lane-test';
    const busy = async () =>
      Number(
        (
          await queryRows<{ count: string | number }>(
            t.db,
            sql`select count(*) as count from pg_stat_activity
                where state = 'active' and query like ${`%${mark}%`} and pid <> pg_backend_pid()`,
          )
        )[0]?.count ?? 0,
      );
    // Twice as many long statements as the background pool has connections (async: drizzle runs
    // a statement when it is awaited).
    const sleepers = Array.from({ length: DEFAULT_BACKGROUND_POOL_SIZE * 2 }, async () =>
      t.handle.background.execute(sql`select pg_sleep(0.4) as ${sql.identifier(mark)}`),
    );
    let seen = 0;
    const deadline = Date.now() + 5_000;
    while (seen < DEFAULT_BACKGROUND_POOL_SIZE && Date.now() < deadline) seen = await busy();
    // The person's statements above ran beside the full background pool, which took no more.
    expect(seen).toBe(DEFAULT_BACKGROUND_POOL_SIZE);
    expect(await busy()).toBeLessThanOrEqual(DEFAULT_BACKGROUND_POOL_SIZE);
    await Promise.all(sleepers);
  },
);
