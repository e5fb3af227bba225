/**
 * `npm run bench:api`: the read calls the console makes most, at a fixed 1,000 requests a second,
 * on each database engine. Per engine: a fresh database (a temporary PGlite folder; a temporary
 * database on the PostgreSQL server of DATABASE_URL, or postgres://postgres@127.0.0.1:5432/test
 * when that answers), the demo farm plus the scale seed (500 sites × 200 radios), the real server
 * on a random port of 127.0.0.1, and autocannon against it. Prints one table at the end. Calls
 * carry the headers the console's browser sends (a bearer token; Accept-Encoding gzip, br).
 *
 * The server runs in a child process so the load generator does not share its event loop. All
 * traffic goes to 127.0.0.1; every run is bounded by its duration and the child is stopped and its
 * database removed afterwards.
 *
 * Options: --sites N --radios-per-site M --duration S --rate R --connections C
 *          --engines pglite,postgres
 */
import autocannon from 'autocannon';
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { parseEngines, positive, printTable, type Engine } from './report.ts';
import { temporaryPostgres } from './temporary-postgres.ts';

const HOST = '127.0.0.1';
/** Seeding 100,000 radios takes about a minute; anything past this is a hang. */
const READY_TIMEOUT_MS = 15 * 60_000;

/** What the server child reports once it is seeded and listening. */
type Ready = {
  port: number;
  token: string;
  siteId: number;
  areaId: number;
  seedSeconds: number;
};

type Row = {
  engine: Engine;
  endpoint: string;
  status: number;
  reqPerSec: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
};

const { values: args } = parseArgs({
  options: {
    serve: { type: 'boolean', default: false },
    sites: { type: 'string', default: '500' },
    'radios-per-site': { type: 'string', default: '200' },
    duration: { type: 'string', default: '10' },
    rate: { type: 'string', default: '1000' },
    connections: { type: 'string', default: '20' },
    engines: { type: 'string', default: 'pglite,postgres' },
  },
});

/** The child: migrate, seed, serve, report. Stops on SIGTERM from the parent. */
async function serve(): Promise<void> {
  // Loaded here, not at the top: the parent only generates load and never needs the server.
  const [app_, config_, sessions, accessToken, passwords, demo, demoAccounts, scale] =
    await Promise.all([
      import('../src/app.ts'),
      import('../src/config.ts'),
      import('../src/auth/sessions.ts'),
      import('../src/auth/access-token.ts'),
      import('../src/auth/passwords.ts'),
      import('../src/seed/demo-farm.ts'),
      import('@paddock/domain/demo'),
      import('../src/seed/scale.ts'),
    ]);
  const { sql } = await import('drizzle-orm');
  const { buildApp } = app_;
  const { loadConfig } = config_;
  const { createSession } = sessions;
  const { signAccessToken } = accessToken;
  const { hashPassword } = passwords;
  const config = loadConfig({
    ...process.env,
    LOG_LEVEL: 'silent',
    // Measured as it runs for users: production writes responses without re-validating them.
    PADDOCK_ENVIRONMENT: 'production',
    BUGSNAG_API_KEY: process.env.BUGSNAG_API_KEY || 'bench',
    HOST,
    PORT: '0',
    // Long enough that the token outlives seeding and every run.
    ACCESS_TOKEN_TTL_SECONDS: '7200',
  });
  const app = await buildApp(config);
  const { db } = app.ctx;
  const now = new Date();
  const started = Date.now();
  const passwordHash = await hashPassword(demoAccounts.DEMO_PASSWORD);
  await demo.seedDemoFarm(db, { now, passwordHash });
  const seeded = await scale.seedScale(db, {
    sites: positive('sites', args.sites),
    radiosPerSite: positive('radios-per-site', args['radios-per-site']),
    now,
    passwordHash,
    log: (line) => console.log(`  ${line}`),
  });
  const seedSeconds = (Date.now() - started) / 1000;
  // Settle what a fresh load of 100,000 rows leaves for the background (autovacuum, a checkpoint)
  // so it does not land inside a measured run; a running farm is past that point.
  await db.execute(sql`vacuum analyze`);
  await db.execute(sql`checkpoint`).catch(() => {
    // Only a superuser (or pg_checkpoint) may; the figures are then only noisier.
  });

  // Signed in the way the test app does it: a session row and an access token for it.
  const session = await createSession(db, {
    userId: seeded.benchUserId,
    actorUserId: null,
    ttlSeconds: config.refreshTokenTtlSeconds,
    now: new Date(),
  });
  const { token } = await signAccessToken(
    { userId: seeded.benchUserId, sessionId: session.sessionId, actorUserId: null },
    app.ctx.tokenSecret,
    config.accessTokenTtlSeconds,
    Date.now(),
  );
  await app.listen({ host: HOST, port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('server has no port');

  process.once('SIGTERM', () => {
    void app.close().then(() => process.exit(0));
  });
  const middle = Math.floor(seeded.siteIds.length / 2);
  const ready: Ready = {
    port: address.port,
    token,
    siteId: seeded.siteIds[middle] ?? 0,
    areaId: seeded.areaIds[middle] ?? 0,
    seedSeconds,
  };
  process.send?.(ready);
}

function startServer(env: NodeJS.ProcessEnv): { child: ChildProcess; ready: Promise<Ready> } {
  const child = fork(fileURLToPath(import.meta.url), ['--serve', ...process.argv.slice(2)], {
    execArgv: ['--import', 'tsx'],
    env,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = new Promise<Ready>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error('the server was not ready in time')),
      READY_TIMEOUT_MS,
    );
    child.once('message', (message) => {
      clearTimeout(timer);
      resolve(message as Ready);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited with code ${code} before it was ready`));
    });
  });
  return { child, ready };
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const forced = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(forced);
}

/** What Chromium sends with every fetch of the console. */
const BROWSER_ENCODINGS = 'gzip, deflate, br, zstd';

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

/** The bytes on the wire and their encoding (fetch would decode them, so plain http). */
function wireSize(
  url: string,
  headers: Record<string, string>,
): Promise<{ encoding: string; bytes: number }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => (bytes += chunk.length));
        response.on('end', () =>
          resolve({ encoding: response.headers['content-encoding'] ?? 'identity', bytes }),
        );
      })
      .on('error', reject);
  });
}

async function measure(engine: Engine, ready: Ready): Promise<Row[]> {
  const base = `http://${HOST}:${ready.port}`;
  // As the console's browser asks: signed in, and taking compressed bodies.
  const headers = { authorization: `Bearer ${ready.token}`, 'accept-encoding': BROWSER_ENCODINGS };
  const endpoints = [
    '/api/sites',
    `/api/sites/${ready.siteId}`,
    `/api/areas/${ready.areaId}/radios`,
  ];
  const rate = positive('rate', args.rate);
  const connections = positive('connections', args.connections);
  const duration = positive('duration', args.duration);
  const rows: Row[] = [];
  for (const endpoint of endpoints) {
    // One plain call first: the status and size say whether the route exists and what it returns.
    const probe = await fetch(base + endpoint, {
      headers: { authorization: headers.authorization },
    });
    const body = await probe.arrayBuffer();
    const sent = await wireSize(base + endpoint, headers);
    console.log(
      `  ${engine} GET ${endpoint}: ${probe.status}, ${kib(body.byteLength)} (${sent.encoding}: ${kib(sent.bytes)})`,
    );
    // A short warm-up at the same rate, discarded: JIT, pool and caches.
    await autocannon({
      url: base + endpoint,
      headers,
      connections,
      overallRate: rate,
      duration: 2,
    });
    const result = await autocannon({
      url: base + endpoint,
      headers,
      connections,
      overallRate: rate,
      duration,
      timeout: 10,
    });
    rows.push({
      engine,
      endpoint: `GET ${endpoint}`,
      status: probe.status,
      reqPerSec: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      non2xx: result.non2xx,
      errors: result.errors + result.timeouts,
    });
  }
  return rows;
}

async function runEngine(engine: Engine): Promise<Row[] | null> {
  let env: NodeJS.ProcessEnv;
  let cleanup: () => Promise<void>;
  if (engine === 'pglite') {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'paddock-bench-'));
    env = { ...process.env, PADDOCK_DATA_DIR: dataDir };
    delete env.DATABASE_URL;
    cleanup = async () => rmSync(dataDir, { recursive: true, force: true });
  } else {
    const database = await temporaryPostgres();
    if (!database) {
      console.log('postgres: no server answers; skipped.');
      return null;
    }
    const dataDir = mkdtempSync(path.join(tmpdir(), 'paddock-bench-'));
    env = { ...process.env, DATABASE_URL: database.url, PADDOCK_DATA_DIR: dataDir };
    cleanup = async () => {
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    };
  }
  console.log(`${engine}: migrating and seeding…`);
  const { child, ready } = startServer(env);
  try {
    const server = await ready;
    console.log(`${engine}: seeded in ${server.seedSeconds.toFixed(1)} s; measuring.`);
    return await measure(engine, server);
  } finally {
    await stopServer(child);
    await cleanup();
  }
}

function printRows(rows: Row[]): void {
  const header = ['engine', 'endpoint', 'status', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx', 'errors'];
  const lines = rows.map((row) => [
    row.engine,
    row.endpoint,
    String(row.status),
    row.reqPerSec.toFixed(0),
    String(row.p50),
    String(row.p99),
    String(row.non2xx),
    String(row.errors),
  ]);
  printTable(header, lines);
}

async function main(): Promise<void> {
  const engines = parseEngines(args.engines);
  console.log(
    `API benchmark: ${args.sites} sites × ${args['radios-per-site']} radios, ${args.rate} req/s for ${args.duration} s per endpoint, ${args.connections} connections.`,
  );
  const rows: Row[] = [];
  for (const engine of engines) rows.push(...((await runEngine(engine)) ?? []));
  printRows(rows);
  if (rows.some((row) => row.status !== 200)) {
    console.log('Some endpoints did not answer 200; their figures measure the error path.');
  }
}

if (args.serve) {
  serve().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
} else {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
