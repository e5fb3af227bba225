/**
 * The demo history stored while a person browses is the history stored alone: the same readings
 * per series. Background work yields to people (the server's db/lanes.ts); yielding must never
 * drop or repeat a stretch. Each load goes into a new embedded database behind a real HTTP port,
 * where a person signs in, lists the sites and opens a summary over and over during one of them.
 */
import { DEMO_LOGINS } from '@paddock/domain/demo';
import { loadConfig, startServer, type Database, type PeopleFirst } from '@paddock/server';
import type { HistoryChunk, HistorySeries } from '@paddock/simulator';
import { sql } from 'drizzle-orm';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { demoToken } from '../../server/test/helpers/sign-in.ts';
import { seedDemoFarmIfEmpty } from './demo-farm/demo-farm.ts';
import { createHistoryLoader, type HistoryLoader } from './history.ts';

const DAYS = 3;
const DAY_MS = 86_400_000;
const STEP_MS = 600_000;
const UNTIL = Date.parse('2026-11-20T00:00:00Z');

type Row = { thing: string; id: number; metric: string; readings: number };

async function rows<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * Each day of the past of site 1's sensors and radios, as the simulator hands it over: a few
 * metrics each, with the gaps a weak link leaves (every reading whose index and thing make 7).
 */
function daysOfPast(things: { thing: 'sensor' | 'radio'; id: number }[]): HistoryChunk[] {
  return Array.from({ length: DAYS }, (_, day) => {
    const from = UNTIL - (DAYS - day) * DAY_MS;
    const series: HistorySeries[] = things.flatMap(({ thing, id }) =>
      ['a', 'b', 'c'].map((suffix) => {
        const times: number[] = [];
        const values: number[] = [];
        for (let i = 0; i < DAY_MS / STEP_MS; i++) {
          if ((i + id) % 7 === 0) continue;
          times.push(from + i * STEP_MS);
          values.push(Math.round(Math.sin(i / 9 + id) * 1000) / 100);
        }
        return { thing, id, metric: `history.${suffix}`, times, values };
      }),
    );
    const points = series.reduce((sum, each) => sum + each.times.length, 0);
    return { siteId: 1, from: new Date(from), to: new Date(from + DAY_MS), series, points };
  });
}

/**
 * Loads the past into a new demo farm's database with the server answering; `meanwhile` runs
 * beside the load against the server's address. Answers the readings per series and what
 * `meanwhile` answered.
 */
async function loadPast<T>(
  meanwhile: (url: string, loading: () => boolean) => Promise<T>,
): Promise<{ perSeries: Row[]; series: number; stored: number; expected: number; meanwhile: T }> {
  let prepared: {
    db: Database;
    background: Database;
    people: PeopleFirst;
  } | null = null;
  const server = await startServer(
    loadConfig({
      LOG_LEVEL: 'silent',
      HOST: '127.0.0.1',
      PORT: '0',
      MQTT_PORT: '0',
      PADDOCK_ROLES: 'api',
      PADDOCK_DATA_DIR: mkdtempSync(path.join(tmpdir(), 'paddock-history-')),
    }),
    {
      prepare: async (db, { now, background, people }) => {
        await seedDemoFarmIfEmpty(db, { now });
        prepared = { db, background, people };
      },
    },
  );
  try {
    if (!prepared) throw new Error('the server did not prepare its database');
    const { db, background, people } = prepared;
    const ids = (table: 'sensors' | 'radios', limit: number) =>
      rows<{ id: number }>(
        db,
        sql`select id from ${sql.identifier(table)} where site_id = 1 order by id limit ${limit}`,
      );
    const things = [
      ...(await ids('sensors', 40)).map(({ id }) => ({ thing: 'sensor' as const, id })),
      ...(await ids('radios', 20)).map(({ id }) => ({ thing: 'radio' as const, id })),
    ];
    expect(things.length).toBeGreaterThan(20);
    const chunks = daysOfPast(things);
    const loader: HistoryLoader = createHistoryLoader({
      db: background,
      people,
      spanMs: DAYS * DAY_MS,
      sites: 1,
      log: { info: () => {}, error: (message) => console.error(message) },
    });
    let loading = true;
    const person = meanwhile(server.url as string, () => loading);
    for (const chunk of chunks) loader.simulator.onChunk(chunk);
    loader.simulator.onSiteDone?.({
      siteId: 1,
      devices: things.length,
      from: new Date(UNTIL - DAYS * DAY_MS),
      until: new Date(UNTIL),
    });
    const result = await loader.done;
    loading = false;
    const perSeries = await rows<Row>(
      db,
      sql`select s.thing_type as thing, s.thing_id as id, s.metric, count(*)::int as readings
          from readings r join series s on s.id = r.series_id
          where s.metric like 'history.%'
          group by 1, 2, 3 order by 1, 2, 3`,
    );
    return {
      perSeries,
      series: chunks[0]?.series.length ?? 0,
      stored: result.readings,
      expected: chunks.reduce((sum, chunk) => sum + chunk.points, 0),
      meanwhile: await person,
    };
  } finally {
    await server.close();
  }
}

/** A person signing in, listing the sites and opening the first one's summary, over and over. */
async function browse(url: string, loading: () => boolean): Promise<number> {
  let visits = 0;
  while (loading()) {
    const token = await demoToken(url, DEMO_LOGINS.admin);
    const headers = { authorization: `Bearer ${token}` };
    expect((await fetch(`${url}/api/sites`, { headers })).status).toBe(200);
    expect((await fetch(`${url}/api/sites/1/summary`, { headers })).status).toBe(200);
    visits++;
  }
  return visits;
}

it('stores the same history per series while a person browses as when it is loaded alone', async () => {
  const alone = await loadPast(async () => 0);
  const browsed = await loadPast(browse);
  expect(alone.stored).toBe(alone.expected);
  expect(browsed.stored).toBe(browsed.expected);
  // The person was there during the load: it signed in and browsed at least once.
  expect(browsed.meanwhile).toBeGreaterThan(0);
  expect(browsed.perSeries.length).toBe(browsed.series);
  expect(browsed.perSeries).toEqual(alone.perSeries);
}, 180_000);

it('tries a day whose store failed (a statement timeout on a busy machine) again, and loses no reading', async () => {
  const attempts: number[] = [];
  const errors: string[] = [];
  const loader = createHistoryLoader({
    db: undefined as unknown as Database,
    spanMs: DAY_MS,
    sites: 1,
    log: { info: () => undefined, error: (message) => errors.push(message) },
    store: {
      // The first try of the day fails as a cancelled statement does; the next one stores it.
      store: async (_siteId, points) => {
        attempts.push(points.length);
        if (attempts.length === 1) throw new Error('canceling statement due to statement timeout');
        return points.reduce((sum, series) => sum + series.times.length, 0);
      },
      finish: async () => undefined,
    },
  });
  const [day] = daysOfPast([{ thing: 'sensor', id: 1 }]);
  if (!day) throw new Error('no day of the past');
  loader.simulator.onChunk(day);
  loader.simulator.onSiteDone?.({
    siteId: 1,
    devices: 1,
    from: day.from,
    until: day.to,
  });
  const result = await loader.done;
  expect(attempts).toEqual([3, 3]);
  expect(result.readings).toBe(day.points);
  expect(errors).toEqual([]);
});
