/**
 * `npm run bench:series`: the 3-year chart of one sensor metric with 10-minute readings
 * (157,680 of them), asked through HTTP. Per engine: a fresh database (a temporary PGlite
 * folder; a temporary database on the PostgreSQL server of DATABASE_URL, or
 * postgres://postgres@127.0.0.1:5432/test when that answers), the demo farm, then 3 years of
 * readings written with insertReadings in ingest-sized batches so the rollups are built the way
 * ingest builds them. The server listens on a random port of 127.0.0.1 in production mode and
 * one client asks for the chart again and again; printed: load time, p50/p95/max per query, and
 * the p50 of the same query straight on the database (its share of the time). The queries are
 * the ones a chart makes: the default interval (month), year, year to date, the last 2 years, an
 * explicit 3 years and "all" (a range from 2000).
 * Target (issue 19): p95 under 25 ms for every query, on both engines.
 *
 * Options: --runs N (per query, default 100) --batch N (readings per insert, default 1000)
 *          --engines pglite,postgres
 */
import { availableParallelism, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import {
  CHART_OPTIONS,
  seriesGrid,
  seriesQuerySchema,
  seriesWindow,
  siteTimeZone,
} from '@paddock/domain';
import { DEMO_LOGINS, DEMO_PASSWORD } from '@paddock/domain/demo';
import { and, asc, eq } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import { hashPassword } from '../src/auth/passwords.ts';
import { loadConfig } from '../src/config.ts';
import type { Database } from '../src/db/client.ts';
import { sensors, series, sites, users } from '../src/db/schema.ts';
import { seedDemoFarm } from '../../devstack/src/demo-farm/demo-farm.ts';
import {
  readSeriesAverages,
  readSeriesHighLows,
} from '../src/telemetry/series-summary.repository.ts';
import { makeReadingPartitions } from '../src/db/reading-partitions.ts';
import { insertReadings, type ReadingRow } from '../src/telemetry/reading.repository.ts';
import { parseEngines, positive, printTable, recordRows, type Engine } from './report.ts';
import { listenSignedIn } from './signed-in-server.ts';
import { benchEngineEnv } from './temporary-postgres.ts';

const HOST = '127.0.0.1';
const TEN_MINUTES_MS = 10 * 60_000;
const YEARS = 3;
const READINGS = YEARS * 365 * 144;

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '100' },
    batch: { type: 'string', default: '1000' },
    engines: { type: 'string', default: 'pglite,postgres' },
  },
});

/** A soil-moisture-like signal: a seasonal swing, a daily one and a little deterministic noise. */
function readingValue(index: number): number {
  const day = index / 144;
  const noise = ((index * 2_654_435_761) % 1000) / 1000 - 0.5;
  return 30 + 8 * Math.sin((2 * Math.PI * day) / 365) + 3 * Math.sin(2 * Math.PI * day) + noise;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

type Row = {
  engine: Engine;
  query: string;
  points: number;
  bucket: string;
  p50: number;
  p95: number;
  max: number;
  /** The series query alone, straight on the database. */
  databaseP50: number;
};

/**
 * READINGS readings of the series up to now, oldest first, as a back-fill arrives; aligned to 10
 * minutes like a device's report clock, in ingest-sized batches so the rollups are built the way
 * ingest builds them.
 */
async function loadReadings(engine: Engine, db: Database, seriesId: number, now: Date) {
  const batch = positive('batch', args.batch);
  const end = Math.floor(now.getTime() / TEN_MINUTES_MS) * TEN_MINUTES_MS;
  const start = end - READINGS * TEN_MINUTES_MS;
  const loadStarted = performance.now();
  for (let first = 0; first < READINGS; first += batch) {
    const rows: ReadingRow[] = [];
    for (let i = first; i < Math.min(first + batch, READINGS); i++) {
      rows.push({
        seriesId,
        time: start + i * TEN_MINUTES_MS,
        value: readingValue(i),
      });
    }
    await insertReadings(db, rows);
  }
  const loadSeconds = (performance.now() - loadStarted) / 1000;
  console.log(
    `${engine}: ${READINGS.toLocaleString('en')} readings loaded in ${loadSeconds.toFixed(1)} s ` +
      `(${Math.round(READINGS / loadSeconds).toLocaleString('en')}/s, batches of ${batch}).`,
  );
  return { start, end };
}

/**
 * The demo farm's first site and its monitor: seeded now, or found in a database seeded before
 * (`npm run bench:hundred-million` seeds one and runs this bench on it).
 */
async function demoFarm(db: Database, now: Date): Promise<{ siteId: number; monitorId: number }> {
  const [monitor] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.login, DEMO_LOGINS.monitor));
  if (monitor) {
    // The demo farm is seeded first: its first site has the lowest id.
    const [first] = await db.select({ id: sites.id }).from(sites).orderBy(asc(sites.id)).limit(1);
    return { siteId: first?.id ?? 0, monitorId: monitor.id };
  }
  const farm = await seedDemoFarm(db, { now, passwordHash: await hashPassword(DEMO_PASSWORD) });
  return { siteId: farm.sites[0]?.id ?? 0, monitorId: farm.accounts.monitor.id };
}

type QueryContext = {
  base: string;
  headers: Record<string, string>;
  metric: string;
  runs: number;
  db: Database;
  seriesId: number;
  timeZone: string;
};

/** One chart query: through HTTP `runs` times after a warm-up, then its grid straight on the database. */
async function measureQuery(
  engine: Engine,
  name: string,
  query: string,
  context: QueryContext,
): Promise<Row> {
  const { base, headers, metric, runs, db, seriesId, timeZone } = context;
  const url = `${base}?metric=${metric}&${query}`;
  const ask = async () => {
    const response = await fetch(url, { headers });
    const body = (await response.json()) as {
      points?: unknown[];
      bucket?: { size: number; unit: string };
    };
    if (response.status !== 200)
      throw new Error(`${name}: ${response.status} ${JSON.stringify(body)}`);
    return body;
  };
  // Warm-up, discarded: JIT, the pool and the database's caches.
  for (let i = 0; i < 5; i++) await ask();
  const times: number[] = [];
  let last: Awaited<ReturnType<typeof ask>> = {};
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    last = await ask();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);

  // The database's share: the same grid read directly, without HTTP, auth and JSON.
  const parsed = seriesQuerySchema.parse({
    metric,
    ...Object.fromEntries(new URLSearchParams(query)),
  });
  const read = parsed.option === CHART_OPTIONS.average ? readSeriesAverages : readSeriesHighLows;
  const databaseTimes: number[] = [];
  for (let i = 0; i < runs; i++) {
    const grid = seriesGrid(seriesWindow(parsed, new Date(), timeZone), parsed.width, timeZone);
    const started = performance.now();
    await read(db, seriesId, grid);
    databaseTimes.push(performance.now() - started);
  }
  databaseTimes.sort((a, b) => a - b);

  return {
    engine,
    query: name,
    points: last.points?.length ?? 0,
    bucket: last.bucket ? `${last.bucket.size} ${last.bucket.unit}` : '?',
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    max: times[times.length - 1] ?? NaN,
    databaseP50: percentile(databaseTimes, 50),
  };
}

async function runEngine(engine: Engine): Promise<Row[] | null> {
  const store = await benchEngineEnv(engine, 'paddock-bench-series-');
  if (!store) return null;
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    // Measured as it runs for users: production writes responses without re-validating them.
    PADDOCK_ENVIRONMENT: 'production',
    BUGSNAG_API_KEY: 'bench',
    PADDOCK_DATA_DIR: store.env.PADDOCK_DATA_DIR,
    DATABASE_URL: store.env.DATABASE_URL,
    ACCESS_TOKEN_TTL_SECONDS: '7200',
  });
  const app = await buildApp(config);
  try {
    const { db } = app.ctx;
    const now = new Date();
    const farm = await demoFarm(db, now);
    const [sensor] = await db
      .select({ id: sensors.id, siteId: sensors.siteId, config: sites.config, tags: sites.tags })
      .from(sensors)
      .innerJoin(sites, eq(sites.id, sensors.siteId))
      .where(eq(sensors.siteId, farm.siteId))
      .orderBy(sensors.id)
      .limit(1);
    if (!sensor) throw new Error('the demo farm has no sensor');
    const timeZone = siteTimeZone(sensor.config, sensor.tags.country);
    const metric = 'bench.moisture';
    // Kept when the database was measured before: its readings are then there already.
    await db
      .insert(series)
      .values({ siteId: sensor.siteId, thingType: 'sensor', thingId: sensor.id, metric })
      .onConflictDoNothing();
    const [seriesRow] = await db
      .select({ id: series.id })
      .from(series)
      .where(
        and(
          eq(series.thingType, 'sensor'),
          eq(series.thingId, sensor.id),
          eq(series.metric, metric),
        ),
      );
    if (!seriesRow) throw new Error('series not inserted');

    const { start, end } = await loadReadings(engine, db, seriesRow.id, now);
    // The past months get their partitions, as the worker's hourly round gives them to readings
    // that landed in the default one.
    await makeReadingPartitions(db, now.getTime());

    const { port, token } = await listenSignedIn(app, config, farm.monitorId, HOST);
    const base = `http://${HOST}:${port}/api/sensors/${sensor.id}/series`;
    const headers = { authorization: `Bearer ${token}` };

    const range = `from=${new Date(start).toISOString()}&to=${new Date(end).toISOString()}`;
    // Everything stored and well before: the range a chart asks for when told "all".
    const all = `from=2000-01-01T00:00:00.000Z&to=${new Date(end).toISOString()}`;
    // What a chart asks: the default interval (month, no interval given) and the long ones.
    const queries = [
      ['month (default), 1200 px, average', 'width=1200&option=1'],
      ['month (default), 1200 px, high-low', 'width=1200&option=2'],
      ['year, 1200 px, average', 'interval=3&width=1200&option=1'],
      ['year, 1000 px, high-low', 'interval=3&width=1000&option=2'],
      ['year to date, 1200 px, average', 'interval=100&width=1200&option=1'],
      ['last 2 years, 1200 px, average', 'interval=4&width=1200&option=1'],
      ['last 2 years, 1200 px, high-low', 'interval=4&width=1200&option=2'],
      ['3 years, 1200 px, average', `${range}&width=1200&option=1`],
      ['3 years, 1200 px, high-low', `${range}&width=1200&option=2`],
      ['3 years, 1000 px, average', `${range}&width=1000&option=1`],
      ['all (since 2000), 1200 px, average', `${all}&width=1200&option=1`],
    ] as const;
    const runs = positive('runs', args.runs);
    const rows: Row[] = [];
    for (const [name, query] of queries) {
      rows.push(
        await measureQuery(engine, name, query, {
          base,
          headers,
          metric,
          runs,
          db,
          seriesId: seriesRow.id,
          timeZone,
        }),
      );
    }
    return rows;
  } finally {
    await app.close();
    await store.remove();
  }
}

function printRows(rows: Row[]): void {
  const header = ['engine', 'query', 'bucket', 'points', 'p50 ms', 'p95 ms', 'max ms', 'db p50 ms'];
  const lines = rows.map((row) => [
    row.engine,
    row.query,
    row.bucket,
    String(row.points),
    row.p50.toFixed(1),
    row.p95.toFixed(1),
    row.max.toFixed(1),
    row.databaseP50.toFixed(1),
  ]);
  printTable(header, lines);
}

async function main(): Promise<void> {
  const engines = parseEngines(args.engines);
  console.log(
    `Series benchmark: ${YEARS} years of 10-minute readings of one sensor metric, ${args.runs} sequential HTTP requests per query (target p95 < 25 ms).`,
  );
  const load = () =>
    loadavg()
      .map((n) => n.toFixed(1))
      .join(' ');
  // Figures from a busy machine mean little: say how busy it was.
  console.log(`Load average before: ${load()} (${availableParallelism()} cores).`);
  const rows: Row[] = [];
  for (const engine of engines) rows.push(...((await runEngine(engine)) ?? []));
  printRows(rows);
  recordRows('series', rows);
  for (const engine of engines) {
    const mine = rows.filter((row) => row.engine === engine);
    if (mine.length === 0) continue;
    const worst = mine.reduce((a, b) => (b.p95 > a.p95 ? b : a));
    console.log(`${engine}: worst p95 ${worst.p95.toFixed(1)} ms (${worst.query}).`);
  }
  console.log(`Load average after: ${load()}.`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
